package io.cardgen.common.error;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ErrorEnvelopeTest {

  @Test
  void answersAnInternalFailureWithTheSpecsCodeForIt() {
    // Spec §7: "500 or 503 | generation_unavailable | Internal unavailability".
    assertThat(ErrorEnvelope.codeOf(500)).isEqualTo(ErrorCode.GENERATION_UNAVAILABLE);
    assertThat(ErrorEnvelope.codeOf(503)).isEqualTo(ErrorCode.GENERATION_UNAVAILABLE);
    assertThat(ErrorEnvelope.codeOf(502)).isEqualTo(ErrorCode.GENERATION_UNAVAILABLE);
  }

  @Test
  void keepsTheHttpLayersOwnCodes() {
    assertThat(ErrorEnvelope.codeOf(405)).isEqualTo(ErrorCode.METHOD_NOT_ALLOWED);
    assertThat(ErrorEnvelope.codeOf(501)).isEqualTo(ErrorCode.NOT_IMPLEMENTED);
    assertThat(ErrorEnvelope.codeOf(505)).isEqualTo(ErrorCode.HTTP_VERSION_NOT_SUPPORTED);
    assertThat(ErrorEnvelope.codeOf(400)).isEqualTo(ErrorCode.BAD_REQUEST);
  }
}

package io.cardgen.gateway.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.error.ErrorCode;
import org.junit.jupiter.api.Test;

class HttpRefusalsTest {

  @Test
  void answersAnInternalFailureWithTheSpecsCodeForIt() {
    // Spec §7: "500 or 503 | generation_unavailable | Internal unavailability".
    assertThat(HttpRefusals.codeOf(500)).isEqualTo(ErrorCode.GENERATION_UNAVAILABLE);
    assertThat(HttpRefusals.codeOf(503)).isEqualTo(ErrorCode.GENERATION_UNAVAILABLE);
    assertThat(HttpRefusals.codeOf(502)).isEqualTo(ErrorCode.GENERATION_UNAVAILABLE);
  }

  @Test
  void keepsTheHttpLayersOwnCodes() {
    assertThat(HttpRefusals.codeOf(405)).isEqualTo(ErrorCode.METHOD_NOT_ALLOWED);
    assertThat(HttpRefusals.codeOf(501)).isEqualTo(ErrorCode.NOT_IMPLEMENTED);
    assertThat(HttpRefusals.codeOf(505)).isEqualTo(ErrorCode.HTTP_VERSION_NOT_SUPPORTED);
    assertThat(HttpRefusals.codeOf(400)).isEqualTo(ErrorCode.BAD_REQUEST);
  }
}

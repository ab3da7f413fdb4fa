package io.cardgen.gateway.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;

class BoundedAdminBodyTest {

  /** A body sent in chunks: no declared length, so only the read can bound it. */
  private static MockHttpServletRequest chunked(int bytes) {
    MockHttpServletRequest request =
        new MockHttpServletRequest() {
          @Override
          public long getContentLengthLong() {
            return -1;
          }
        };
    request.setContent(new byte[bytes]);
    return request;
  }

  @Test
  void aChunkedBodyOverTheBoundIsRefused() throws IOException {
    assertThat(BoundedAdminBody.read(chunked(BoundedAdminBody.LIMIT + 1))).isNull();
  }

  @Test
  void aBodyAtTheBoundIsReadWhole() throws IOException {
    BoundedAdminBody body = BoundedAdminBody.read(chunked(BoundedAdminBody.LIMIT));

    assertThat(body).isNotNull();
    assertThat(body.getInputStream().readAllBytes()).hasSize(BoundedAdminBody.LIMIT);
    assertThat(body.getContentLengthLong()).isEqualTo(BoundedAdminBody.LIMIT);
  }
}

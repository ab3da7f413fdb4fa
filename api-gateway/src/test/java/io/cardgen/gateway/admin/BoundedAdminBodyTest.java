package io.cardgen.gateway.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
  void aChunkedBodyOverTheBoundFailsItsRead() {
    BoundedAdminBody body = new BoundedAdminBody(chunked(BoundedAdminBody.LIMIT + 1));

    assertThat(BoundedAdminBody.declaredTooLarge(body)).isFalse();
    assertThatThrownBy(() -> body.getInputStream().readAllBytes())
        .isInstanceOf(IOException.class)
        .hasMessageContaining("over");
  }

  @Test
  void aBodyAtTheBoundIsReadWhole() throws IOException {
    BoundedAdminBody body = new BoundedAdminBody(chunked(BoundedAdminBody.LIMIT));

    assertThat(body.getInputStream().readAllBytes()).hasSize(BoundedAdminBody.LIMIT);
  }
}

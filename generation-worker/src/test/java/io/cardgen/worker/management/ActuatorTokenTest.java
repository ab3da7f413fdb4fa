package io.cardgen.worker.management;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;

/** The worker's actuator guard, as a filter; the standalone's ITs run it on a real port. */
class ActuatorTokenTest {

  private static final String TOKEN = "worker-test-admin-token-0123456789";

  private static MockHttpServletResponse call(ActuatorToken filter, String path, String token)
      throws Exception {
    MockHttpServletRequest request = new MockHttpServletRequest("GET", path);
    if (token != null) {
      request.addHeader("Authorization", "Bearer " + token);
    }
    MockHttpServletResponse response = new MockHttpServletResponse();
    MockFilterChain chain = new MockFilterChain();
    filter.doFilter(request, response, chain);
    if (chain.getRequest() != null) {
      response.setStatus(200);
    }
    return response;
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/actuator/health",
        "/actuator/health/liveness",
        "/actuator/health/readiness",
        "/actuator/prometheus"
      })
  void probesAndTheScrapeNeedNoToken(String path) throws Exception {
    assertThat(call(new ActuatorToken(new AdminTokenProperties(TOKEN)), path, null).getStatus())
        .isEqualTo(200);
    assertThat(call(new ActuatorToken(new AdminTokenProperties(null)), path, null).getStatus())
        .isEqualTo(200);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/actuator/metrics",
        "/actuator/info",
        "/actuator",
        "/actuator;x=1/metrics",
        "/actuator/health/../metrics"
      })
  void everythingElseNeedsTheToken(String path) throws Exception {
    ActuatorToken filter = new ActuatorToken(new AdminTokenProperties(TOKEN));

    MockHttpServletResponse refused = call(filter, path, null);
    assertThat(refused.getStatus()).isEqualTo(401);
    assertThat(refused.getContentAsString()).contains("\"code\":\"unauthorized\"");
    assertThat(call(filter, path, "wrong-" + TOKEN).getStatus()).isEqualTo(401);
    assertThat(call(filter, path, TOKEN).getStatus()).isEqualTo(200);
  }

  @Test
  void withoutATokenConfiguredTheRestStaysShut() throws Exception {
    ActuatorToken filter = new ActuatorToken(new AdminTokenProperties(""));

    assertThat(call(filter, "/actuator/metrics", null).getStatus()).isEqualTo(401);
    assertThat(call(filter, "/actuator/metrics", "").getStatus()).isEqualTo(401);
  }

  @Test
  void aShortTokenStopsTheWorkerAtStart() {
    assertThatThrownBy(() -> new ActuatorToken(new AdminTokenProperties("tokn")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("32")
        .hasMessageNotContaining("tokn");
  }

  @Test
  void thePropertiesNeverShowTheToken() {
    assertThat(new AdminTokenProperties(TOKEN).toString()).doesNotContain(TOKEN).contains("(set)");
  }
}

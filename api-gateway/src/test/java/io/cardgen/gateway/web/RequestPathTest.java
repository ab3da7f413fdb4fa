package io.cardgen.gateway.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RequestPathTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/",
        "/api/text/product",
        "/openapi.json",
        "/api/batches/bat_01HX",
        "/admin/plans"
      })
  void acceptsPlainPaths(String raw) {
    assertThat(new RequestPath(raw).canonical()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/%61dmin/plans",
        "/%61ctuator/health",
        "/admin;x=1/plans",
        "/actuator;/health",
        "//admin/plans",
        "/./admin/plans",
        "/api/../admin/plans",
        "/api/..%2Fadmin/plans",
        "/admin%2Fplans",
        "/admin\\plans",
        "/api/text/product/",
        "/api//text",
        "/..",
        "",
        "admin/plans"
      })
  void refusesEveryAmbiguousSpelling(String raw) {
    assertThat(new RequestPath(raw).canonical()).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"/admin", "/admin/plans", "/ADMIN/plans", "/Actuator/health", "/actuator"})
  void recognisesManagementPathsInAnyCase(String raw) {
    assertThat(new RequestPath(raw).management()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"/", "/api/text/product", "/administrator", "/actuators/x", "/openapi.json"})
  void leavesPublicPathsPublic(String raw) {
    assertThat(new RequestPath(raw).management()).isFalse();
  }
}

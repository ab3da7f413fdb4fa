package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/**
 * The admin API and the actuator exist on the management port only. Whatever spelling a client
 * tries on the public port — percent-encoded letters, path parameters, dot segments, doubled or
 * encoded slashes, other letter cases — it gets the public envelope (404 or 400), never an admin or
 * actuator body.
 */
class ManagementPathsIT {

  private static TestStack stack;

  /** Only reads: the shared stack serves it, and a stack start is saved. */
  @BeforeAll
  static void start() throws Exception {
    stack = SharedStack.get();
  }

  static List<String> spellings() {
    return List.of(
        "/%61ctuator/health",
        "/%61CTUATOR/health",
        "/%41ctuator/health",
        "/actuator%2Fhealth",
        "/actuator%2fhealth",
        "/actuator;x=1/health",
        "/actuator/health;x=1",
        "/actuator/",
        "/actuator",
        "/ACTUATOR/health",
        "/Actuator/health",
        "//actuator/health",
        "/./actuator/health",
        "/api/../actuator/health",
        "/api/..%2Factuator/health",
        "/api/%2e%2e/actuator/health",
        "/api/.%2e/actuator/health",
        "/actuator/prometheus",
        "/%61ctuator/prometheus",
        "/%61dmin/audit",
        "/%61DMIN/audit",
        "/admin;x=1/audit",
        "/admin;/audit",
        "/admin/audit;x=1",
        "/admin/audit/",
        "/ADMIN/audit",
        "//admin/audit",
        "/./admin/audit",
        "/api/../admin/audit",
        "/api/..%2Fadmin/audit",
        "/api/..%2fadmin/audit",
        "/admin%2Faudit",
        "/%2Fadmin/audit",
        "/admin/%61udit",
        "/admin/audit%3Bx=1",
        "/admin/accounts/" + "00000000-0000-0000-0000-000000000000",
        "/admin/accounts/00000000-0000-0000-0000-000000000000/batches",
        "/%61dmin/accounts/00000000-0000-0000-0000-000000000000/batches",
        "/admin/accounts/00000000-0000-0000-0000-000000000000/batches;x=1",
        "/admin/batches/bat_00000000-0000-0000-0000-000000000000/cancel",
        "/admin/batches/bat%5F00000000-0000-0000-0000-000000000000/cancel");
  }

  @ParameterizedTest
  @MethodSource("spellings")
  void publicPortNeverServesManagementPaths(String path) throws Exception {
    RawExchange.Answer answer =
        RawExchange.get(stack.publicPort, path, "Authorization: Bearer " + TestStack.ADMIN_TOKEN);

    assertThat(answer.status()).as(path + " -> " + answer).isIn(400, 404);
    assertThat(answer.header("Content-Type")).as(path).startsWith("application/json");
    JsonNode body = TestStack.JSON.readTree(answer.body());
    assertThat(body.get("success").asBoolean()).as(path).isFalse();
    assertThat(body.get("code").asString())
        .as(path)
        .isIn("not_found", "invalid_path", "bad_request");
    assertThat(body.get("message").asString()).as(path).isNotBlank();
    assertThat(body.has("status")).as(path + " looks like a health document").isFalse();
    assertThat(body.has("accounts")).as(path + " looks like the audit").isFalse();
    assertThat(answer.body()).doesNotContain("jvm_", "UP", "breaches");
  }

  @Test
  void managementPortStillServesAdminAndActuator() throws Exception {
    RawExchange.Answer health = RawExchange.get(stack.adminPort, "/actuator/health");
    assertThat(health.status()).isEqualTo(200);
    assertThat(health.body()).contains("UP");

    RawExchange.Answer audit =
        RawExchange.get(
            stack.adminPort, "/admin/audit", "Authorization: Bearer " + TestStack.ADMIN_TOKEN);
    assertThat(audit.status()).isEqualTo(200);
  }

  @Test
  void managementPortRefusesAmbiguousSpellingsToo() throws Exception {
    for (String path :
        List.of(
            "/%61dmin/audit",
            "/admin;x=1/audit",
            "//actuator/health",
            "/admin/accounts/00000000-0000-0000-0000-000000000000/batches;x=1",
            "/admin/accounts/00000000-0000-0000-0000-000000000000/%62atches",
            "/admin/batches/bat%5F00000000-0000-0000-0000-000000000000/cancel")) {
      RawExchange.Answer answer =
          RawExchange.get(stack.adminPort, path, "Authorization: Bearer " + TestStack.ADMIN_TOKEN);
      assertThat(answer.status()).as(path).isEqualTo(400);
      assertThat(answer.header("Content-Type")).as(path).startsWith("application/json");
    }
  }

  @Test
  void publicPathsStillWorkOnThePublicPort() throws Exception {
    assertThat(RawExchange.get(stack.publicPort, "/openapi.json").status()).isEqualTo(200);
    assertThat(RawExchange.get(stack.adminPort, "/openapi.json").status()).isEqualTo(404);
  }
}

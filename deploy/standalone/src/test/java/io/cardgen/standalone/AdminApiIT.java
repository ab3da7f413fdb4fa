package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Every admin endpoint of DESIGN.md: as described, only on the management port, only with the
 * token.
 */
class AdminApiIT {

  private static TestStack stack;

  @BeforeAll
  static void start() throws Exception {
    stack = TestStack.start();
  }

  @AfterAll
  static void stop() {
    stack.close();
  }

  private static final String PLAN =
      """
      {"name": "%s", "api_access": true, "max_photos": 2, "max_length": 1000,
       "features_count": 4, "audience": true, "headers_count": 0, "slogans_count": 2,
       "creativity": false, "keywords": true, "rate_limit_per_minute": 60}
      """;

  @Test
  void createsPlansAndAccountsAndManagesThem() throws Exception {
    TestStack.Response plan = stack.admin("POST", "/admin/plans", PLAN.formatted("basic"));
    assertThat(plan.status()).as(plan.toString()).isEqualTo(201);
    assertThat(plan.json().get("name").asString()).isEqualTo("basic");
    assertThat(plan.json().get("features_count").asInt()).isEqualTo(4);
    assertThat(plan.json().get("rate_limit_per_minute").asInt()).isEqualTo(60);
    assertThat(stack.admin("POST", "/admin/plans", PLAN.formatted("basic")).status())
        .isEqualTo(409);

    TestStack.Response created =
        stack.admin(
            "POST", "/admin/accounts", "{\"name\": \"shop\", \"plan\": \"basic\", \"credits\": 7}");
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    JsonNode account = created.json();
    String id = account.get("id").asString();
    assertThat(account.get("api_key").asString()).startsWith("cg_");
    assertThat(created.header("Cache-Control")).as("an answer with a key").isEqualTo("no-store");
    assertThat(account.get("plan").asString()).isEqualTo("basic");
    assertThat(account.get("balance").asLong()).isEqualTo(7);
    assertThat(account.get("reserved").asLong()).isZero();
    assertKeyStoredOnlyAsHash(account.get("api_key").asString());

    JsonNode fetched = stack.admin("GET", "/admin/accounts/" + id, null).json();
    assertThat(fetched.has("api_key")).isFalse();
    assertThat(fetched.get("api_revision").asString()).isEqualTo("current");

    TestStack.Response patched =
        stack.admin(
            "PATCH", "/admin/accounts/" + id, "{\"plan\": null, \"api_revision\": \"legacy\"}");
    assertThat(patched.status()).isEqualTo(200);
    assertThat(patched.json().get("plan").isNull()).isTrue();
    assertThat(patched.json().get("api_revision").asString()).isEqualTo("legacy");

    TestStack.Response credited =
        stack.admin("POST", "/admin/accounts/" + id + "/credits", "{\"amount\": 5}");
    assertThat(credited.status()).isEqualTo(200);
    assertThat(credited.json().get("balance").asLong()).isEqualTo(12);
    assertThat(
            stack.admin("POST", "/admin/accounts/" + id + "/credits", "{\"amount\": -1}").status())
        .isEqualTo(422);
    assertThat(stack.admin("GET", "/admin/accounts/" + UUID.randomUUID(), null).status())
        .isEqualTo(404);
  }

  @Test
  void refusesAnAdminBodyOverItsBound() throws Exception {
    TestStack.Response tooLarge =
        stack.admin(
            "POST",
            "/admin/accounts",
            "{\"name\": \"big\", \"pad\": \"" + "x".repeat(70_000) + "\"}");

    assertThat(tooLarge.status()).as(tooLarge.toString()).isEqualTo(413);
    assertThat(tooLarge.json().get("code").asString()).isEqualTo("payload_too_large");
  }

  @Test
  void refusesCreditsAndRatesOutsideTheirBounds() throws Exception {
    // Long.MAX_VALUE credits would make any later top-up overflow the balance; a rate above a
    // million a minute would round the limiter's interval to nothing.
    assertThat(
            stack
                .admin(
                    "POST",
                    "/admin/accounts",
                    "{\"name\": \"rich\", \"credits\": " + Long.MAX_VALUE + "}")
                .status())
        .isEqualTo(422);
    assertThat(
            stack
                .admin(
                    "POST",
                    "/admin/plans",
                    PLAN.formatted("unbounded")
                        .replace(
                            "\"rate_limit_per_minute\": 60", "\"rate_limit_per_minute\": 60000001"))
                .status())
        .isEqualTo(422);
    assertThat(
            stack
                .admin("POST", "/admin/accounts", "{\"name\": \"ok\", \"credits\": 1000000000}")
                .status())
        .isEqualTo(201);
  }

  private static void assertKeyStoredOnlyAsHash(String apiKey) {
    Integer plain =
        stack
            .jdbc()
            .sql("SELECT count(*) FROM accounts WHERE api_key_hash = :key")
            .param("key", apiKey)
            .query(Integer.class)
            .single();
    assertThat(plain).isZero();
  }

  @Test
  void deletingACardMakesItsKeyAnswer410() throws Exception {
    String body = PipelineIT.request("Деревянная разделочная доска", 300);
    TestStack.Response card = stack.generate(stack.demoKey(), "to-delete", body);
    assertThat(card.status()).as(card.toString()).isEqualTo(200);
    String uid = card.json().get("data").get("uid").asString();

    assertThat(stack.admin("DELETE", "/admin/cards/" + uid, null).status()).isEqualTo(204);

    TestStack.Response replay = stack.generate(stack.demoKey(), "to-delete", body);
    assertThat(replay.status()).isEqualTo(410);
    assertThat(replay.json().get("code").asString()).isEqualTo("result_deleted");
    assertThat(stack.admin("DELETE", "/admin/cards/" + uid, null).status()).isEqualTo(404);
  }

  /**
   * The standalone keeps its management port on the machine; the public port listens everywhere.
   * Checked from this machine's first address outside loopback, when it has one.
   */
  @Test
  void theStandalonesManagementPortListensOnLoopbackOnly() throws Exception {
    Optional<InetAddress> outside =
        NetworkInterface.networkInterfaces()
            .filter(AdminApiIT::isUp)
            .flatMap(NetworkInterface::inetAddresses)
            .filter(address -> address instanceof Inet4Address && !address.isLoopbackAddress())
            .findFirst();
    assumeTrue(outside.isPresent(), "this machine has no address outside loopback");

    assertThat(accepts(outside.get(), stack.publicPort)).as("public port").isTrue();
    assertThat(accepts(outside.get(), stack.adminPort)).as("management port").isFalse();
    assertThat(accepts(InetAddress.getLoopbackAddress(), stack.adminPort)).isTrue();
  }

  private static boolean isUp(NetworkInterface network) {
    try {
      return network.isUp();
    } catch (SocketException e) {
      return false;
    }
  }

  private static boolean accepts(InetAddress address, int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(address, port), 2_000);
      return true;
    } catch (IOException refused) {
      return false;
    }
  }

  @Test
  void refusesCallsWithoutTheRightToken() throws Exception {
    for (String token : new String[] {null, "wrong", "it-admin-token-but-longer"}) {
      TestStack.Response response =
          stack.admin(
              "GET", "/admin/accounts/" + stack.demoAccountId(), null, token, stack.adminPort);
      assertThat(response.status()).as(String.valueOf(token)).isEqualTo(401);
    }
  }

  @Test
  void servesAdminAndActuatorOnlyOnTheManagementPort() throws Exception {
    TestStack.Response onPublic =
        stack.admin(
            "GET",
            "/admin/accounts/" + stack.demoAccountId(),
            null,
            "it-admin-token",
            stack.publicPort);
    assertThat(onPublic.status()).isEqualTo(404);
    assertThat(stack.admin("GET", "/actuator/health", null, null, stack.publicPort).status())
        .isEqualTo(404);

    TestStack.Response health = stack.admin("GET", "/actuator/health", null, null, stack.adminPort);
    assertThat(health.status()).isEqualTo(200);
    assertThat(health.json().get("status").asString()).isEqualTo("UP");
    TestStack.Response api =
        stack.admin("POST", "/api/text/product", "{}", stack.demoKey(), stack.adminPort);
    assertThat(api.status()).isEqualTo(404);
  }

  @Test
  void auditsTheBooksOnlyOnTheManagementPortWithTheTokenAndPublishesTheFigures() throws Exception {
    JsonNode audit = stack.audit();

    assertThat(audit.get("clean").asBoolean()).as(audit.toString()).isTrue();
    assertThat(audit.get("breaches")).isEmpty();
    assertThat(audit.get("credited").asLong()).isPositive();
    assertThat(audit.get("checked_at").asString()).isNotBlank();
    assertThat(audit.get("scope").asString()).isEqualTo("full");
    TestStack.Response recent = stack.admin("GET", "/admin/audit?scope=recent", null);
    assertThat(recent.status()).isEqualTo(200);
    assertThat(recent.json().get("scope").asString()).isEqualTo("recent");
    assertThat(recent.json().get("credited").asLong()).isEqualTo(audit.get("credited").asLong());
    assertThat(recent.json().get("last_full_audit").asString()).isNotBlank();
    TestStack.Response unknown = stack.admin("GET", "/admin/audit?scope=all", null);
    assertThat(unknown.status()).isEqualTo(422);
    assertThat(unknown.json().get("code").asString()).isEqualTo("invalid_parameters");
    assertThat(unknown.json().get("message").asString()).startsWith("Некорректные данные");
    assertThat(stack.admin("GET", "/admin/audit", null, null, stack.adminPort).status())
        .isEqualTo(401);
    assertThat(
            stack.admin("GET", "/admin/audit", null, "it-admin-token", stack.publicPort).status())
        .isEqualTo(404);
    assertThat(stack.managementText("/actuator/prometheus"))
        .containsPattern("(?m)^cardgen_audit_breaches(\\{[^}]*})? 0\\.0$")
        .contains("cardgen_audit_credited")
        .contains("cardgen_audit_seconds_count{scope=\"full\"}")
        .contains("cardgen_audit_seconds_count{scope=\"recent\"}");
  }
}

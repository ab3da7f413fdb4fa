package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import tools.jackson.databind.JsonNode;

/**
 * Every admin endpoint of DESIGN.md: as described, only on the management port, only with the
 * token.
 *
 * <p>On the shared stack: its settings are the defaults, and it only adds plans and accounts of its
 * own (the demo account's two cards aside), finds them by their ids or names and walks the account
 * list for its own; a stack of its own cost the suite one more start.
 */
class AdminApiIT {

  private static TestStack stack;

  @BeforeAll
  static void start() throws Exception {
    stack = SharedStack.get();
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

  private static String newAccount(String name, long credits) throws Exception {
    TestStack.Response created =
        stack.admin(
            "POST",
            "/admin/accounts",
            "{\"name\": \"%s\", \"credits\": %d}".formatted(name, credits));
    assertThat(created.status()).as(created.toString()).isEqualTo(201);
    return created.json().get("id").asString();
  }

  private static TestStack.Response topUp(String account, long amount, String key)
      throws Exception {
    return stack.admin(
        "POST",
        "/admin/accounts/" + account + "/credits",
        "{\"amount\": " + amount + "}",
        key == null ? Map.of() : Map.of("Idempotency-Key", key));
  }

  /** A plan's options change in place, checked as a new plan's, and apply at the next request. */
  @Test
  void aPlanIsListedShownAndChangedAndTheChangeAppliesAtOnce() throws Exception {
    assertThat(stack.admin("POST", "/admin/plans", PLAN.formatted("editable")).status())
        .isEqualTo(201);
    TestStack.Response account =
        stack.admin(
            "POST",
            "/admin/accounts",
            "{\"name\": \"on-editable\", \"plan\": \"editable\", \"credits\": 0}");
    String apiKey = account.json().get("api_key").asString();
    String body = PipelineIT.request("Льняная скатерть", 300);
    // The plan has no headers: refused before anything is generated.
    assertThat(stack.generate(apiKey, "plan-1", body).json().get("code").asString())
        .isEqualTo("tariff_option_unavailable");

    TestStack.Response changed =
        stack.admin(
            "PATCH",
            "/admin/plans/editable",
            "{\"headers_count\": 3, \"rate_limit_per_minute\": 120}");

    assertThat(changed.status()).as(changed.toString()).isEqualTo(200);
    assertThat(changed.json().get("headers_count").asInt()).isEqualTo(3);
    assertThat(changed.json().get("rate_limit_per_minute").asInt()).isEqualTo(120);
    assertThat(changed.json().get("max_photos").asInt()).as("kept").isEqualTo(2);
    assertThat(changed.json().get("features_count").asInt()).as("kept").isEqualTo(4);
    // Allowed by the plan now, refused for credits: still nothing generated.
    assertThat(stack.generate(apiKey, "plan-2", body).json().get("code").asString())
        .isEqualTo("insufficient_credits");
    assertThat(stack.admin("PATCH", "/admin/plans/editable", "{\"api_access\": false}").status())
        .isEqualTo(200);
    assertThat(stack.generate(apiKey, "plan-3", body).json().get("code").asString())
        .isEqualTo("api_unavailable");
    JsonNode shown = stack.admin("GET", "/admin/plans/editable", null).json();
    assertThat(shown.get("rate_limit_per_minute").asInt()).isEqualTo(120);
    assertThat(stack.admin("GET", "/admin/plans", null).json().get("items"))
        .extracting(plan -> plan.get("name").asString())
        .contains("editable");

    // Refused whole, nothing changed: out of bounds, a field plans lack, a rename, a wrong type.
    for (String refused :
        List.of(
            "{\"max_photos\": 0, \"rate_limit_per_minute\": 5}",
            "{\"max_photoz\": 3}",
            "{\"name\": \"other\"}",
            "{\"audience\": \"yes\"}",
            "{\"max_photos\": null}",
            "[]")) {
      TestStack.Response answer = stack.admin("PATCH", "/admin/plans/editable", refused);
      assertThat(answer.status()).as(refused + " -> " + answer).isEqualTo(422);
    }
    JsonNode unchanged = stack.admin("GET", "/admin/plans/editable", null).json();
    assertThat(unchanged.get("rate_limit_per_minute").asInt()).isEqualTo(120);
    assertThat(unchanged.get("max_photos").asInt()).isEqualTo(2);
    assertThat(stack.admin("PATCH", "/admin/plans/none-such", "{\"keywords\": false}").status())
        .isEqualTo(404);
    assertThat(stack.admin("GET", "/admin/plans/none-such", null).status()).isEqualTo(404);
  }

  /** Accounts are found by name, and walked a page at a time without a gap or a repeat. */
  @Test
  void listsAccountsByNameAndInPages() throws Exception {
    String first = newAccount("listed-twin", 1);
    String second = newAccount("listed-twin", 2);
    newAccount("listed-other", 3);

    JsonNode twins = stack.admin("GET", "/admin/accounts?name=listed-twin", null).json();
    assertThat(twins.get("items"))
        .extracting(account -> account.get("id").asString())
        .containsExactlyInAnyOrder(first, second);
    assertThat(twins.get("items").get(0).has("api_key")).isFalse();
    assertThat(twins.get("next").isNull()).isTrue();

    List<String> walked = new ArrayList<>();
    String next = null;
    do {
      JsonNode page =
          stack
              .admin(
                  "GET", "/admin/accounts?limit=2" + (next == null ? "" : "&after=" + next), null)
              .json();
      assertThat(page.get("items").size()).isBetween(1, 2);
      page.get("items").forEach(account -> walked.add(account.get("id").asString()));
      next = page.get("next").isNull() ? null : page.get("next").asString();
    } while (next != null);
    assertThat(walked).doesNotHaveDuplicates().contains(first, second).isSorted();

    for (String refused : List.of("limit=0", "limit=501", "limit=x", "after=bat_1", "name=%20")) {
      assertThat(stack.admin("GET", "/admin/accounts?" + refused, null).status())
          .as(refused)
          .isEqualTo(422);
    }
  }

  /** A leaked key is revoked by replacing it: the old one gets 401 from the next request on. */
  @Test
  void aReplacedApiKeyIsRefusedAtOnceAndTheNewOneServes() throws Exception {
    TestStack.Response created =
        stack.admin("POST", "/admin/accounts", "{\"name\": \"rotating\", \"credits\": 1}");
    String id = created.json().get("id").asString();
    String oldKey = created.json().get("api_key").asString();
    String body = PipelineIT.request("Керамическая кружка", 300);
    // No plan: an authenticated request is refused 403, an unknown key 401.
    assertThat(stack.generate(oldKey, "rotation-1", body).status()).isEqualTo(403);

    TestStack.Response replaced = stack.admin("POST", "/admin/accounts/" + id + "/api-key", null);

    assertThat(replaced.status()).as(replaced.toString()).isEqualTo(200);
    assertThat(replaced.header("Cache-Control")).as("an answer with a key").isEqualTo("no-store");
    String newKey = replaced.json().get("api_key").asString();
    assertThat(newKey).startsWith("cg_").isNotEqualTo(oldKey);
    assertThat(replaced.json().get("id").asString()).isEqualTo(id);
    assertThat(replaced.json().get("balance").asLong()).isOne();
    assertKeyStoredOnlyAsHash(newKey);
    assertThat(stack.generate(oldKey, "rotation-2", body).status()).isEqualTo(401);
    assertThat(stack.generate(newKey, "rotation-3", body).status()).isEqualTo(403);
    assertThat(stack.admin("GET", "/admin/accounts/" + id, null).json().has("api_key")).isFalse();
    assertThat(
            stack.admin("POST", "/admin/accounts/" + UUID.randomUUID() + "/api-key", null).status())
        .isEqualTo(404);
  }

  @Test
  void aTopUpUnderAnIdempotencyKeyAddsItsCreditsOnce() throws Exception {
    String account = newAccount("billing", 10);
    String other = newAccount("billing-other", 10);

    TestStack.Response first = topUp(account, 5, "invoice-2026.11:0001");
    assertThat(first.status()).as(first.toString()).isEqualTo(200);
    assertThat(first.json().get("balance").asLong()).isEqualTo(15);
    assertThat(first.header("Idempotent-Replayed")).isNull();

    TestStack.Response repeat = topUp(account, 5, "invoice-2026.11:0001");
    assertThat(repeat.status()).as(repeat.toString()).isEqualTo(200);
    assertThat(repeat.json().get("balance").asLong()).isEqualTo(15);
    assertThat(repeat.json().get("id").asString()).isEqualTo(account);
    assertThat(repeat.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(repeat.header("Cache-Control")).isEqualTo("no-store");

    for (TestStack.Response conflict :
        List.of(
            topUp(account, 6, "invoice-2026.11:0001"), topUp(other, 5, "invoice-2026.11:0001"))) {
      assertThat(conflict.status()).as(conflict.toString()).isEqualTo(409);
      assertThat(conflict.json().get("success").asBoolean()).isFalse();
      assertThat(conflict.json().get("code").asString()).isEqualTo("idempotency_conflict");
      assertThat(conflict.json().get("message").asString()).startsWith("Ключ идемпотентности");
      assertThat(conflict.json().get("error").asString())
          .isEqualTo(conflict.json().get("message").asString());
    }
    assertThat(stack.account(UUID.fromString(account)).get("balance").asLong()).isEqualTo(15);
    assertThat(stack.account(UUID.fromString(other)).get("balance").asLong()).isEqualTo(10);

    assertThat(topUp(UUID.randomUUID().toString(), 5, "invoice-2026.11:0002").status())
        .isEqualTo(404);
    assertThat(topUp(account, 5, "invoice-2026.11:0002").status()).isEqualTo(200);
    assertThat(topUp(account, 1, null).json().get("balance").asLong()).isEqualTo(21);
    assertThat(topUp(account, 1, null).json().get("balance").asLong()).isEqualTo(22);
  }

  @Test
  void namesAreStoredStrippedAndFoundSoWithinTheirBounds() throws Exception {
    String name = "x".repeat(100);
    TestStack.Response plan = stack.admin("POST", "/admin/plans", PLAN.formatted(" " + name + " "));
    assertThat(plan.status()).as(plan.toString()).isEqualTo(201);
    assertThat(plan.json().get("name").asString()).isEqualTo(name);

    TestStack.Response account =
        stack.admin(
            "POST",
            "/admin/accounts",
            "{\"name\": \" padded \", \"plan\": \" " + name + " \", \"credits\": 1}");
    assertThat(account.status()).as(account.toString()).isEqualTo(201);
    assertThat(account.json().get("name").asString()).isEqualTo("padded");
    assertThat(account.json().get("plan").asString()).isEqualTo(name);
    String id = account.json().get("id").asString();
    TestStack.Response patched =
        stack.admin("PATCH", "/admin/accounts/" + id, "{\"plan\": \"" + name + " \"}");
    assertThat(patched.status()).as(patched.toString()).isEqualTo(200);
    assertThat(patched.json().get("plan").asString()).isEqualTo(name);
  }

  @Test
  void refusesFractionalCreditsAndControlCharactersInNames() throws Exception {
    String account = newAccount("billing-fractions", 10);

    for (String body :
        List.of(
            "{\"name\": \"f\", \"credits\": 2.7}",
            "{\"name\": \"f\", \"credits\": \"5\"}",
            "{\"name\": \"nul\\u0000name\"}")) {
      TestStack.Response refused = stack.admin("POST", "/admin/accounts", body);
      assertThat(refused.status()).as(body + " " + refused).isEqualTo(422);
    }
    TestStack.Response plan = stack.admin("POST", "/admin/plans", PLAN.formatted("bad\\u0000plan"));
    assertThat(plan.status()).as(plan.toString()).isEqualTo(422);
    TestStack.Response fraction =
        stack.admin("POST", "/admin/accounts/" + account + "/credits", "{\"amount\": 1.9}");
    assertThat(fraction.status()).as(fraction.toString()).isEqualTo(422);
    assertThat(stack.account(UUID.fromString(account)).get("balance").asLong()).isEqualTo(10);
  }

  @Test
  void refusesFieldsAFormDoesNotHaveAndValuesOfAnotherType() throws Exception {
    String account = newAccount("billing-typos", 10);

    for (String[] call :
        List.of(
            new String[] {"POST", "/admin/accounts", "{\"name\": \"t\", \"credit\": 5}"},
            new String[] {"POST", "/admin/accounts", "{\"name\": 5}"},
            new String[] {"POST", "/admin/accounts", "{\"name\": \"t\", \"plan\": true}"},
            new String[] {"PATCH", "/admin/accounts/" + account, "{\"api_revison\": \"legacy\"}"},
            new String[] {
              "POST", "/admin/accounts/" + account + "/credits", "{\"amount\": 5, \"note\": 1}"
            },
            new String[] {
              "POST", "/admin/plans", PLAN.formatted("typo").replace("{", "{\"max_photo\": 1, ")
            },
            new String[] {
              "POST",
              "/admin/plans",
              PLAN.formatted("fraction")
                  .replace("\"rate_limit_per_minute\": 60", "\"rate_limit_per_minute\": 60.5")
            },
            new String[] {
              "POST",
              "/admin/plans",
              PLAN.formatted("text")
                  .replace("\"rate_limit_per_minute\": 60", "\"rate_limit_per_minute\": \"60\"")
            })) {
      TestStack.Response refused = stack.admin(call[0], call[1], call[2]);
      assertThat(refused.status()).as(String.join(" ", call) + " " + refused).isEqualTo(422);
      assertThat(refused.json().get("code").asString()).isEqualTo("invalid_parameters");
    }
    TestStack.Response typo =
        stack.admin("PATCH", "/admin/accounts/" + account, "{\"api_revison\": \"legacy\"}");
    assertThat(typo.json().get("message").asString()).contains("«api_revison»");
    JsonNode unchanged = stack.account(UUID.fromString(account));
    assertThat(unchanged.get("balance").asLong()).isEqualTo(10);
    assertThat(unchanged.get("api_revision").asString()).isEqualTo("current");
    assertThat(stack.admin("POST", "/admin/plans", PLAN.formatted("typo")).status()).isEqualTo(201);
  }

  @Test
  void refusesAnIdempotencyKeyOutsideThePublicApisSyntax() throws Exception {
    String account = newAccount("billing-keys", 10);

    for (String key : List.of("", "invoice#1", "has space", "x".repeat(101), "a/b", "a,b")) {
      TestStack.Response refused = topUp(account, 5, key);
      assertThat(refused.status()).as("[" + key + "] " + refused).isEqualTo(422);
      assertThat(refused.json().get("code").asString()).isEqualTo("invalid_parameters");
      assertThat(refused.json().get("message").asString()).contains("Idempotency-Key");
    }
    assertThat(topUp(account, 5, "x".repeat(100)).status()).isEqualTo(200);
    assertThat(stack.account(UUID.fromString(account)).get("balance").asLong()).isEqualTo(15);
  }

  /** An operator's billing system retrying in parallel: one of the calls adds, all answer 200. */
  @Test
  void concurrentTopUpsWithOneKeyAddTheCreditsExactlyOnceAndKeepTheBooksClean() throws Exception {
    String account = newAccount("billing-race", 10);
    int callers = 8;
    ExecutorService threads = Executors.newFixedThreadPool(callers);
    List<TestStack.Response> answers = new ArrayList<>();
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<TestStack.Response>> calls = new ArrayList<>();
      for (int caller = 0; caller < callers; caller++) {
        calls.add(
            threads.submit(
                () -> {
                  start.await();
                  return topUp(account, 7, "race-invoice-1");
                }));
      }
      start.countDown();
      for (Future<TestStack.Response> call : calls) {
        answers.add(call.get(60, TimeUnit.SECONDS));
      }
    } finally {
      threads.shutdownNow();
    }

    assertThat(answers).extracting(TestStack.Response::status).containsOnly(200);
    assertThat(answers)
        .filteredOn(answer -> answer.header("Idempotent-Replayed") == null)
        .hasSize(1);
    assertThat(stack.account(UUID.fromString(account)).get("balance").asLong()).isEqualTo(17);
    Long credits =
        stack
            .jdbc()
            .sql("SELECT sum(amount) FROM credit_ledger WHERE account_id = :id AND kind = 'CREDIT'")
            .param("id", UUID.fromString(account))
            .query(Long.class)
            .single();
    assertThat(credits).isEqualTo(17);
    JsonNode audit = stack.audit();
    assertThat(audit.get("clean").asBoolean()).as(audit.toString()).isTrue();
  }

  /**
   * A gateway or a worker given a token shorter than 32 characters stops at start with a message
   * that names the setting and not the token; everything else it needs is there, so only the token
   * can stop it.
   */
  @Test
  void aGatewayOrWorkerGivenAShortAdminTokenRefusesToStartWithoutPrintingIt() throws Exception {
    String shortToken = "s3cr3t-admin-4";
    List<String> args = new ArrayList<>();
    for (String arg : stack.processArguments()) {
      if (!arg.startsWith("--cardgen.admin.token=")) {
        args.add(arg);
      }
    }
    args.add("--cardgen.admin.token=" + shortToken);
    List<String> gatewayArgs = new ArrayList<>(args);
    int gatewayManagement = io.cardgen.testsupport.FreePorts.next();
    gatewayArgs.add("--server.port=" + io.cardgen.testsupport.FreePorts.next());
    gatewayArgs.add("--cardgen.admin.port=" + gatewayManagement);
    List<String> workerArgs = new ArrayList<>(args);
    int workerPort = io.cardgen.testsupport.FreePorts.next();
    workerArgs.add("--server.port=" + workerPort);
    workerArgs.add("--cardgen.worker.worker-id=short-token");
    try (JvmProcess gateway =
            JvmProcess.start(
                "short-token-gateway",
                "io.cardgen.gateway.GatewayApplication",
                gatewayArgs,
                gatewayManagement,
                stack.dataDir);
        JvmProcess worker =
            JvmProcess.start(
                "short-token-worker",
                "io.cardgen.worker.WorkerApplication",
                workerArgs,
                workerPort,
                stack.dataDir)) {
      for (JvmProcess process : List.of(gateway, worker)) {
        assertThat(process.awaitExit(Duration.ofMinutes(3)))
            .as(process.name + " still runs:\n" + process.tail(40))
            .isTrue();
        assertThat(process.process.exitValue()).as(process.name).isNotZero();
        String log = Files.readString(process.log, StandardCharsets.UTF_8);
        assertThat(log)
            .as(process.name)
            .contains("CARDGEN_ADMIN_TOKEN")
            .contains("shorter than 32 characters")
            .doesNotContain(shortToken);
      }
    }
  }

  /** The standalone says why it does not start in one line, without a trace or the token. */
  @Test
  void theStandaloneGivenAShortAdminTokenSaysSoInOneLine() throws Exception {
    String shortToken = "s3cr3t-admin-5";
    try (JvmProcess standalone =
        JvmProcess.start(
            "short-token-standalone",
            StandaloneApplication.class.getName(),
            List.of("--cardgen.admin.token=" + shortToken),
            Map.of("CARDGEN_DATA_DIR", stack.dataDir.resolve("short-token").toString()),
            io.cardgen.testsupport.FreePorts.next(),
            stack.dataDir)) {
      assertThat(standalone.awaitExit(Duration.ofMinutes(3))).isTrue();
      assertThat(standalone.process.exitValue()).isEqualTo(1);
      String log = Files.readString(standalone.log, StandardCharsets.UTF_8);
      assertThat(log)
          .contains("cardgen did not start: The admin token (CARDGEN_ADMIN_TOKEN")
          .doesNotContain(shortToken)
          .doesNotContain("Exception")
          .doesNotContain("\tat ");
    }
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
    String photo = card.json().get("data").get("images").get(0).asString();
    try (S3Client s3 = stack.s3()) {
      assertThat(s3.headObject(head -> head.bucket("cardgen").key(photo)).contentLength())
          .isPositive();

      assertThat(stack.admin("DELETE", "/admin/cards/" + uid, null).status()).isEqualTo(204);

      // Its photos go with it, not at the end of the key's retention nor at the removal queue's
      // next minute: the delete asks for a run at once (on the removal's thread, not its own).
      await("the deleted card's photo removed")
          .atMost(Duration.ofSeconds(15))
          .untilAsserted(
              () ->
                  assertThatThrownBy(() -> s3.headObject(head -> head.bucket("cardgen").key(photo)))
                      .isInstanceOf(NoSuchKeyException.class));
    }

    TestStack.Response replay = stack.generate(stack.demoKey(), "to-delete", body);
    assertThat(replay.status()).isEqualTo(410);
    assertThat(replay.json().get("code").asString()).isEqualTo("result_deleted");
    assertThat(stack.admin("DELETE", "/admin/cards/" + uid, null).status()).isEqualTo(404);
  }

  /**
   * A card deleted while key retention removes its job, with retention's statements in its order:
   * job locked, photos queued, card and job deleted. The admin delete waits for it and answers 404.
   * Taking the card first, as it once did, deadlocked with it (review finding): its queueing waited
   * on retention's, and retention's card delete on its card.
   */
  @Test
  void aCardDeletedWhileRetentionRemovesItsJobWaitsAndIsNotFound() throws Exception {
    String body = PipelineIT.request("Льняная скатерть", 300);
    TestStack.Response card = stack.generate(stack.demoKey(), "retention-race", body);
    assertThat(card.status()).as(card.toString()).isEqualTo(200);
    String uid = card.json().get("data").get("uid").asString();
    String photo = card.json().get("data").get("images").get(0).asString();
    UUID job =
        stack
            .jdbc()
            .sql("SELECT job_id FROM cards WHERE uid = CAST(:uid AS uuid)")
            .param("uid", uid)
            .query(UUID.class)
            .single();
    ExecutorService admin = Executors.newSingleThreadExecutor();
    try (Connection retention = stack.dataSource().getConnection()) {
      retention.setAutoCommit(false);
      execute(retention, "SELECT id FROM jobs WHERE id = ? FOR UPDATE", job);
      execute(retention, "INSERT INTO photo_removals (key) VALUES (?)", photo);

      Future<TestStack.Response> delete =
          admin.submit(() -> stack.admin("DELETE", "/admin/cards/" + uid, null));
      awaitOneSessionWaitingOnALock();
      execute(retention, "DELETE FROM cards WHERE job_id = ?", job);
      execute(retention, "DELETE FROM jobs WHERE id = ?", job);
      retention.commit();

      assertThat(delete.get(30, TimeUnit.SECONDS).status()).isEqualTo(404);
    } finally {
      admin.shutdownNow();
    }
  }

  private static void execute(Connection connection, String sql, Object parameter)
      throws Exception {
    try (PreparedStatement statement = connection.prepareStatement(sql)) {
      statement.setObject(1, parameter);
      statement.execute();
    }
  }

  /** Until PostgreSQL shows another session waiting for a row or transaction lock. */
  private static void awaitOneSessionWaitingOnALock() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (stack
            .jdbc()
            .sql(
                "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
                    + " AND pid <> pg_backend_pid()")
            .query(Long.class)
            .single()
        == 0) {
      assertThat(System.nanoTime()).as("a session waiting on a lock").isLessThan(deadline);
      Thread.onSpinWait();
    }
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
    String sameLength = "x".repeat(TestStack.ADMIN_TOKEN.length());
    String prefix = TestStack.ADMIN_TOKEN.substring(0, TestStack.ADMIN_TOKEN.length() - 1);
    for (String token :
        new String[] {null, "wrong", TestStack.ADMIN_TOKEN + "-but-longer", sameLength, prefix}) {
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
            TestStack.ADMIN_TOKEN,
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
            stack
                .admin("GET", "/admin/audit", null, TestStack.ADMIN_TOKEN, stack.publicPort)
                .status())
        .isEqualTo(404);
    assertThat(stack.managementText("/actuator/prometheus"))
        .containsPattern("(?m)^cardgen_audit_breaches(\\{[^}]*})? 0\\.0$")
        .contains("cardgen_audit_credited")
        .contains("cardgen_audit_seconds_count{scope=\"full\"}")
        .contains("cardgen_audit_seconds_count{scope=\"recent\"}");
  }
}

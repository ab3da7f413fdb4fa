package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Races through the real stack (HTTP, PostgreSQL, Kafka, a worker): many requests of one account at
 * the same instant must never generate twice for one key nor spend credit it does not have.
 *
 * <p>Each case races on an account of its own, so the shared stack serves them and a stack start is
 * saved.
 */
class RaceIT {

  private static TestStack stack;

  @BeforeAll
  static void start() throws Exception {
    stack = SharedStack.get();
  }

  @Test
  void twentyParallelRequestsWithOneKeyGenerateOnceAndChargeOnce() throws Exception {
    String key = "race-one-key";
    String body =
        PipelineIT.request("Ручная кофемолка с керамическими жерновами [sim:slow=1500]", 300);
    JsonNode created = demoAccount("one-key", 10);
    UUID account = UUID.fromString(created.get("id").asString());
    String apiKey = created.get("api_key").asString();
    long before = stack.account(account).get("balance").asLong();

    List<TestStack.Response> answers =
        Clients.atOnce(20, index -> () -> stack.generate(apiKey, key, body));

    Map<String, Long> outcomes =
        answers.stream().collect(Collectors.groupingBy(RaceIT::outcome, Collectors.counting()));
    System.out.println("RaceIT one key, 20 requests: " + outcomes);
    assertThat(outcomes.keySet()).isSubsetOf("200", "409 generation_in_progress");
    assertThat(outcomes.get("200")).isPositive();
    assertThat(
            answers.stream()
                .filter(answer -> answer.status() == 200)
                .map(answer -> answer.json().get("data").get("uid").asString())
                .distinct())
        .as("every 200 shows the one card")
        .hasSize(1);
    Settlement.JobBooks job = Settlement.job(stack, account, key);
    assertThat(job.attempts()).as("one generation").isOne();
    assertThat(job.chargedOnceWithItsCard()).as(job.toString()).isTrue();
    JsonNode books = stack.account(account);
    assertThat(books.get("balance").asLong()).isEqualTo(before - 1);
    assertThat(books.get("reserved").asLong()).isZero();
    assertThat(stack.audit().get("breaches")).isEmpty();
    assertThat(stack.audit("recent").get("breaches")).isEmpty();
  }

  @Test
  void retriesRacingTheirFirstRequestForTheLastCreditAreToldItRunsNotThatCreditIsShort()
      throws Exception {
    JsonNode created = demoAccount("last-credit", 1);
    UUID account = UUID.fromString(created.get("id").asString());
    String apiKey = created.get("api_key").asString();
    String body = PipelineIT.request("Фляга походная, 750 мл [sim:slow=1500]", 300);

    List<TestStack.Response> answers =
        Clients.atOnce(20, index -> () -> stack.generate(apiKey, "last-credit", body));

    Map<String, Long> outcomes =
        answers.stream().collect(Collectors.groupingBy(RaceIT::outcome, Collectors.counting()));
    System.out.println("RaceIT one key, one credit, 20 requests: " + outcomes);
    assertThat(outcomes.keySet()).isSubsetOf("200", "409 generation_in_progress");
    assertThat(outcomes.get("200")).isPositive();
    JsonNode books = stack.account(account);
    assertThat(books.get("balance").asLong()).isZero();
    assertThat(books.get("reserved").asLong()).isZero();
    assertThat(stack.audit().get("breaches")).isEmpty();
  }

  @Test
  void threeCreditsAndTenParallelRequestsMakeThreeCardsAndSevenRefusals() throws Exception {
    JsonNode created = demoAccount("three-credits", 3);
    UUID account = UUID.fromString(created.get("id").asString());
    String apiKey = created.get("api_key").asString();
    AtomicLong lowestAvailable = new AtomicLong(Long.MAX_VALUE);
    AtomicBoolean racing = new AtomicBoolean(true);
    Thread watcher = new Thread(() -> watchAvailable(account, racing, lowestAvailable));
    watcher.start();

    List<TestStack.Response> answers;
    try {
      answers =
          Clients.atOnce(
              10,
              index ->
                  () ->
                      stack.generate(
                          apiKey,
                          "three-" + index,
                          PipelineIT.request("Подставка под ноутбук номер " + index, 300)));
    } finally {
      racing.set(false);
      watcher.join();
    }

    Map<String, Long> outcomes =
        answers.stream().collect(Collectors.groupingBy(RaceIT::outcome, Collectors.counting()));
    System.out.printf(
        "RaceIT 3 credits, 10 keys: %s; lowest available seen %d%n",
        outcomes, lowestAvailable.get());
    assertThat(outcomes)
        .containsExactlyInAnyOrderEntriesOf(Map.of("200", 3L, "403 insufficient_credits", 7L));
    JsonNode books = stack.account(account);
    assertThat(books.get("balance").asLong()).isZero();
    assertThat(books.get("reserved").asLong()).isZero();
    assertThat(lowestAvailable.get()).isNotNegative();
    assertThat(stack.audit().get("breaches")).isEmpty();
    assertThat(stack.audit("recent").get("breaches")).isEmpty();
  }

  /** A new account on the demo plan with {@code credits}: its id and its API key. */
  private static JsonNode demoAccount(String name, int credits) throws Exception {
    return stack
        .admin(
            "POST",
            "/admin/accounts",
            "{\"name\": \"" + name + "\", \"plan\": \"demo\", \"credits\": " + credits + "}")
        .json();
  }

  /** Samples balance - reserved while the race runs; the books may never show less than 0. */
  private static void watchAvailable(UUID account, AtomicBoolean racing, AtomicLong lowest) {
    while (racing.get()) {
      long available =
          stack
              .jdbc()
              .sql("SELECT balance - reserved FROM accounts WHERE id = :id")
              .param("id", account)
              .query(Long.class)
              .single();
      lowest.accumulateAndGet(available, Math::min);
      LockSupport.parkNanos(Duration.ofMillis(2).toNanos());
    }
  }

  private static String outcome(TestStack.Response answer) {
    return answer.status() == 200
        ? "200"
        : answer.status() + " " + answer.json().get("code").asString();
  }
}

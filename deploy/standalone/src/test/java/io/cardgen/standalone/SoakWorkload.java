package io.cardgen.standalone;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.locks.LockSupport;

/**
 * One soak client's behaviour: mostly new requests, some with simulator faults, repeats of earlier
 * keys (which must replay the earlier outcome exactly), conflicting fields under an earlier key,
 * requests without a key, and a poor account running out of credits. Like a real client it retries
 * a 503 (and a 409 of its own request still running) with the same key and fields.
 */
final class SoakWorkload {

  enum Kind {
    FRESH,
    FAULT,
    REPEAT,
    CONFLICT,
    NO_KEY,
    POOR
  }

  record Tenant(UUID id, String apiKey) {}

  /** A request as sent and the final answer it got. */
  record Outcome(int status, String code, String uid) {
    static Outcome of(TestStack.Response answer) {
      return new Outcome(
          answer.status(),
          answer.status() == 200 ? null : answer.json().path("code").asString(null),
          answer.status() == 200 ? answer.json().get("data").get("uid").asString() : null);
    }
  }

  private record Done(Tenant tenant, String key, String body, Outcome outcome) {}

  private static final Map<String, String> FAULTS =
      Map.of(
          "[sim:refuse]", "generation_refused",
          "[sim:truncate]", "generation_incomplete",
          "[sim:empty]", "generation_empty",
          "[sim:invalid]", "generation_invalid_response",
          "[sim:short]", "generation_invalid_response",
          "[sim:fail]", "generation_failed");
  private static final List<String> DIRECTIVES = List.copyOf(new TreeSet<>(FAULTS.keySet()));
  private static final Duration GIVE_UP = Duration.ofMinutes(3);

  private final TestStack stack;
  private final List<Tenant> tenants;
  private final Tenant poor;
  private final SoakTally tally;
  private final List<Done> done = new ArrayList<>();

  SoakWorkload(TestStack stack, List<Tenant> tenants, Tenant poor, SoakTally tally) {
    this.stack = stack;
    this.tenants = tenants;
    this.poor = poor;
    this.tally = tally;
  }

  void runOne(Random random) throws Exception {
    Kind kind = kindFor(random.nextInt(100));
    Done earlier = kind == Kind.REPEAT || kind == Kind.CONFLICT ? anEarlier(random) : null;
    if (earlier == null && (kind == Kind.REPEAT || kind == Kind.CONFLICT)) {
      kind = Kind.FRESH;
    }
    tally.request(kind);
    Tenant tenant = kind == Kind.POOR ? poor : tenants.get(random.nextInt(tenants.size()));
    String key = "soak-" + UUID.randomUUID();
    switch (kind) {
      case FRESH, POOR -> expectCard(kind, tenant, key, body(random, ""));
      case FAULT -> fault(tenant, key, random);
      case REPEAT -> repeat(earlier);
      case CONFLICT -> conflict(earlier, random);
      case NO_KEY -> noKey(tenant, random);
    }
  }

  /** 55 % new, 10 % faults, 15 % repeats, 8 % conflicts, 5 % without key, 7 % poor account. */
  private static Kind kindFor(int percent) {
    if (percent < 55) {
      return Kind.FRESH;
    }
    if (percent < 65) {
      return Kind.FAULT;
    }
    if (percent < 80) {
      return Kind.REPEAT;
    }
    if (percent < 88) {
      return Kind.CONFLICT;
    }
    return percent < 93 ? Kind.NO_KEY : Kind.POOR;
  }

  private void expectCard(Kind kind, Tenant tenant, String key, String body) throws Exception {
    Outcome outcome = finalAnswer(tenant, key, body);
    boolean fine =
        outcome.status() == 200
            || (kind == Kind.POOR && "insufficient_credits".equals(outcome.code()))
            // A job whose workers were all killed runs out of attempts: failed, released.
            || "generation_failed".equals(outcome.code());
    check(fine, kind + " " + key + " ended " + outcome);
    remember(tenant, key, body, outcome);
  }

  private void fault(Tenant tenant, String key, Random random) throws Exception {
    String directive = DIRECTIVES.get(random.nextInt(DIRECTIVES.size()));
    String body = body(random, directive);
    Outcome outcome = finalAnswer(tenant, key, body);
    check(
        outcome.status() == 502 && FAULTS.get(directive).equals(outcome.code()),
        "FAULT " + directive + " " + key + " ended " + outcome);
    remember(tenant, key, body, outcome);
  }

  private void repeat(Done earlier) throws Exception {
    TestStack.Response answer = send(earlier.tenant(), earlier.key(), earlier.body());
    Outcome outcome = Outcome.of(answer);
    check(
        outcome.equals(earlier.outcome()),
        "REPEAT " + earlier.key() + " got " + outcome + ", first " + earlier.outcome());
  }

  private void conflict(Done earlier, Random random) throws Exception {
    TestStack.Response answer = send(earlier.tenant(), earlier.key(), body(random, "другие поля"));
    check(
        answer.status() == 409 && "idempotency_conflict".equals(Outcome.of(answer).code()),
        "CONFLICT " + earlier.key() + " got " + Outcome.of(answer));
  }

  private void noKey(Tenant tenant, Random random) throws Exception {
    String body = body(random, "");
    TestStack.Response first = send(tenant, null, body);
    String key = first.header("Idempotency-Key");
    check(key != null && key.startsWith("srv-"), "NO_KEY answer without a generated key");
    Outcome outcome = first.status() == 503 ? finalAnswer(tenant, key, body) : Outcome.of(first);
    check(
        outcome.status() == 200 || "generation_failed".equals(outcome.code()),
        "NO_KEY " + key + " ended " + outcome);
    remember(tenant, key, body, outcome);
  }

  /** Retries 503 (Retry-After) and 409 in progress with the same key, as spec §4 asks. */
  private Outcome finalAnswer(Tenant tenant, String key, String body) throws Exception {
    Instant giveUp = Instant.now().plus(GIVE_UP);
    while (true) {
      TestStack.Response answer = send(tenant, key, body);
      Outcome outcome = Outcome.of(answer);
      boolean retry =
          answer.status() == 503
              || answer.status() == 429
              || "generation_in_progress".equals(outcome.code());
      if (!retry || Instant.now().isAfter(giveUp)) {
        return outcome;
      }
      LockSupport.parkNanos(Duration.ofMillis(500).toNanos());
    }
  }

  private TestStack.Response send(Tenant tenant, String key, String body) throws Exception {
    TestStack.Response answer = stack.generate(tenant.apiKey(), key, body);
    tally.httpCall(answer);
    return answer;
  }

  private static String body(Random random, String extra) {
    String description =
        "Товар номер %d для дома, вариант %d %s"
            .formatted(random.nextInt(1_000_000), random.nextInt(10), extra)
            .strip();
    if (random.nextInt(5) == 0) {
      description += " [sim:slow=" + random.nextInt(2000) + "]";
    }
    return PipelineIT.request(description, 200 + 50 * random.nextInt(8));
  }

  private void check(boolean fine, String violation) {
    if (!fine) {
      tally.violation(violation);
    }
  }

  private synchronized void remember(Tenant tenant, String key, String body, Outcome outcome) {
    // Only outcomes stored under the key replay; a refusal (403) recorded nothing.
    if (outcome.status() == 200 || outcome.status() == 502) {
      done.add(new Done(tenant, key, body, outcome));
    }
  }

  private synchronized Done anEarlier(Random random) {
    return done.isEmpty() ? null : done.get(random.nextInt(done.size()));
  }
}

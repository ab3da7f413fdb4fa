package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.OffsetDateTime;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The plan's {@code rate_limit_per_minute} through HTTP: the request over the limit is 429 {@code
 * rate_limited} with Retry-After, is checked before the body is read, does not count itself, and is
 * one limit for the account across gateway replicas.
 */
class RateLimitIT {

  private static TestStack stack;
  private static PublicApi first;
  private static PublicApi second;

  @BeforeAll
  static void start() throws Exception {
    stack = SharedStack.get();
    first = PublicApi.of(stack);
    second = new PublicApi(SharedStack.secondGateway().publicPort());
  }

  /** An account without credit: each admitted request costs nothing and answers 403. */
  private static Tenants.Tenant accountLimitedTo(int perMinute) throws Exception {
    String plan = Tenants.aFullPlan().with("rate_limit_per_minute", perMinute).create(stack);
    return Tenants.account(stack, plan, 0);
  }

  @Test
  void answers429WithRetryAfterOnceTheLimitIsSpent() throws Exception {
    Tenants.Tenant tenant = accountLimitedTo(3);
    String body = RequestBodies.aRequest().json();
    for (int request = 0; request < 3; request++) {
      assertThat(first.post(tenant.apiKey(), body).status()).isEqualTo(403);
    }

    TestStack.Response limited = first.post(tenant.apiKey(), body);

    assertThat(limited.status()).isEqualTo(429);
    assertThat(limited.json().get("success").asBoolean()).isFalse();
    assertThat(limited.json().get("code").asString()).isEqualTo("rate_limited");
    assertThat(limited.json().get("message").asString()).contains("запросов в минуту (3)");
    assertThat(limited.json().get("error").asString())
        .isEqualTo(limited.json().get("message").asString());
    // Three a minute: the next slot opens 20 s after the burst.
    assertThat(Integer.parseInt(limited.header("Retry-After"))).isBetween(1, 20);
  }

  @Test
  void checksTheLimitBeforeReadingTheBody() throws Exception {
    Tenants.Tenant tenant = accountLimitedTo(1);
    assertThat(first.post(tenant.apiKey(), "{").status()).isEqualTo(422);

    assertThat(first.post(tenant.apiKey(), "{").status()).isEqualTo(429);
  }

  @Test
  void aRequestAnswered429DoesNotCount() throws Exception {
    Tenants.Tenant tenant = accountLimitedTo(1);
    first.post(tenant.apiKey(), "{}");
    OffsetDateTime spent = arrival(tenant);

    for (int request = 0; request < 5; request++) {
      assertThat(first.post(tenant.apiKey(), "{}").status()).isEqualTo(429);
    }

    assertThat(arrival(tenant)).isEqualTo(spent);
  }

  @Test
  void holdsOneLimitForAnAccountAcrossTwoGatewayReplicas() throws Exception {
    Tenants.Tenant tenant = accountLimitedTo(4);
    String body = RequestBodies.aRequest().json();
    for (PublicApi gateway : List.of(first, second, first, second)) {
      assertThat(gateway.post(tenant.apiKey(), body).status()).isEqualTo(403);
    }

    assertThat(first.post(tenant.apiKey(), body).status()).isEqualTo(429);
    assertThat(second.post(tenant.apiKey(), body).status()).isEqualTo(429);
  }

  @Test
  void batchReadsCountAgainstTheirOwnBucketAndLeaveTheCardsLimit() throws Exception {
    // One card a minute; reads get the floor of 600 a minute (RateLimitProperties).
    Tenants.Tenant tenant = accountLimitedTo(1);
    BatchApi batches = new BatchApi(stack);
    long started = System.nanoTime();
    int admitted = 0;
    TestStack.Response limited = batches.get(tenant.apiKey(), "/api/batches");
    while (limited.status() == 200 && admitted < 5_000) {
      admitted++;
      limited = batches.get(tenant.apiKey(), "/api/batches");
    }
    double seconds = (System.nanoTime() - started) / 1e9;

    // The whole bucket at once, then one more per 0.1 s while the loop ran.
    assertThat(admitted).isBetween(600, 600 + (int) Math.ceil(seconds * 10) + 1);
    assertThat(limited.status()).isEqualTo(429);
    assertThat(limited.json().get("code").asString()).isEqualTo("rate_limited");
    assertThat(limited.json().get("message").asString())
        .contains("обращений к пакетам в минуту (600)");
    // 600 a minute: the next read is admitted within a second.
    assertThat(limited.header("Retry-After")).isEqualTo("1");
    assertThat(first.post(tenant.apiKey(), RequestBodies.aRequest().json()).status())
        .isEqualTo(403);
  }

  private static OffsetDateTime arrival(Tenants.Tenant tenant) {
    return stack
        .jdbc()
        .sql("SELECT theoretical_arrival FROM rate_limits WHERE account_id = :account")
        .param("account", tenant.id())
        .query(OffsetDateTime.class)
        .single();
  }
}

package io.cardgen.standalone;

import static io.cardgen.standalone.RequestBodies.aRequest;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;

/**
 * An invalid or refused request never touches the account: across a batch of every kind of refusal
 * (field rules, plan options and limits, bad photos, no credit, rate limit, body size, idempotency
 * header), balances and reservations stay as they were, and no job, ledger entry, card or stored
 * photo appears.
 */
class NoSideEffectsIT {

  /** What a request could leave behind. */
  record Footprint(
      List<Map<String, Object>> accounts, long jobs, long ledger, long cards, long photos) {}

  @Test
  void refusedRequestsLeaveNoTrace() throws Exception {
    TestStack stack = SharedStack.get();
    PublicApi api = PublicApi.of(stack);
    PublicApi replica = new PublicApi(SharedStack.secondGateway().publicPort());
    String full = Tenants.aFullPlan().create(stack);
    Tenants.Tenant funded = Tenants.account(stack, full, 5);
    Tenants.Tenant broke = Tenants.account(stack, full, 0);
    Tenants.Tenant bare = Tenants.account(stack, Tenants.aBarePlan().create(stack), 5);
    Tenants.Tenant legacy = Tenants.legacyAccount(stack, full, 5);
    Tenants.Tenant limited =
        Tenants.account(
            stack, Tenants.aFullPlan().with("rate_limit_per_minute", 1).create(stack), 5);
    List<UUID> accounts = List.of(funded.id(), broke.id(), bare.id(), legacy.id(), limited.id());
    assertThat(api.post(limited.apiKey(), "{}").status()).isEqualTo(422);
    Footprint before = footprint(stack, accounts);

    List<Integer> statuses = new ArrayList<>();
    String photos = RequestBodies.array(RequestBodies.string(RequestBodies.PHOTO), 3);
    statuses.add(api.post(broke.apiKey(), aRequest().with("image_url", photos).json()).status());
    statuses.add(
        api.post(broke.apiKey(), aRequest().with("request_id", "\"kept\"").json()).status());
    statuses.add(api.post(bare.apiKey(), aRequest().with("headers", "true").json()).status());
    statuses.add(api.post(bare.apiKey(), aRequest().with("keywords", "\"чай\"").json()).status());
    statuses.add(api.post(bare.apiKey(), aRequest().with("image_url", photos).json()).status());
    statuses.add(api.post(funded.apiKey(), aRequest().with("length", "1001").json()).status());
    statuses.add(
        api.post(
                funded.apiKey(),
                aRequest().with("image_url", "[\"" + RequestBodies.PHOTO + "\", \"x\"]").json())
            .status());
    statuses.add(api.post(funded.apiKey(), aRequest().with("style", "\"loud\"").json()).status());
    statuses.add(api.post(funded.apiKey(), "{").status());
    statuses.add(
        api.post(funded.apiKey(), Map.of("Idempotency-Key", "a b"), aRequest().json()).status());
    statuses.add(
        replica
            .post(
                funded.apiKey(), aRequest().json() + " ".repeat(SharedStack.SMALL_BODY_LIMIT_BYTES))
            .status());
    statuses.add(api.post(limited.apiKey(), aRequest().json()).status());
    statuses.add(
        api.post(legacy.apiKey(), aRequest().with("creativity", "\"middle\"").json()).status());

    assertThat(statuses)
        .containsExactly(403, 403, 403, 403, 422, 422, 422, 422, 422, 422, 413, 429, 400);
    assertThat(footprint(stack, accounts)).isEqualTo(before);
  }

  private static Footprint footprint(TestStack stack, List<UUID> accounts) {
    var jdbc = stack.jdbc();
    List<Map<String, Object>> balances =
        jdbc.sql("SELECT id, balance, reserved FROM accounts WHERE id IN (:ids) ORDER BY id")
            .param("ids", accounts)
            .query()
            .listOfRows();
    long jobs = count(stack, "SELECT count(*) FROM jobs WHERE account_id IN (:ids)", accounts);
    long ledger =
        count(stack, "SELECT count(*) FROM credit_ledger WHERE account_id IN (:ids)", accounts);
    long cards = count(stack, "SELECT count(*) FROM cards WHERE account_id IN (:ids)", accounts);
    return new Footprint(balances, jobs, ledger, cards, storedPhotos(stack));
  }

  private static long count(TestStack stack, String sql, List<UUID> accounts) {
    return stack.jdbc().sql(sql).param("ids", accounts).query(Long.class).single();
  }

  private static long storedPhotos(TestStack stack) {
    try (S3Client s3 = stack.s3()) {
      return s3
          .listObjectsV2Paginator(ListObjectsV2Request.builder().bucket("cardgen").build())
          .contents()
          .stream()
          .count();
    }
  }
}

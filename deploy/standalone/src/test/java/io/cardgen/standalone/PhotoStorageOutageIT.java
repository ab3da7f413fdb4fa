package io.cardgen.standalone;

import static io.cardgen.standalone.RequestBodies.aRequest;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3Client;
import tools.jackson.databind.JsonNode;

/**
 * A gateway whose photo bucket is gone from S3: storing a card's inline photo fails after the
 * account is known, and the failure escapes to the controller advice. Each account is still told in
 * its own revision of the interface (spec §9): the current one 503 {@code generation_unavailable},
 * the earlier one 400 with the text only, both with Retry-After and neither with a word of what S3
 * said.
 */
class PhotoStorageOutageIT {

  private static TestStack stack;
  private static SharedStack.Replica gateway;
  private static PublicApi api;
  private static String plan;

  @BeforeAll
  static void loseThePhotoBucket() throws Exception {
    stack = SharedStack.get();
    // A bucket of its own, so that removing it breaks this replica only and not the shared stack.
    String bucket = "outage-" + UUID.randomUUID().toString().substring(0, 8);
    gateway = SharedStack.extraGateway("--cardgen.s3.bucket=" + bucket);
    try (S3Client s3 = stack.s3()) {
      s3.deleteBucket(delete -> delete.bucket(bucket));
    }
    api = new PublicApi(gateway.publicPort());
    plan = Tenants.aFullPlan().create(stack);
  }

  @AfterAll
  static void stop() {
    if (gateway != null) {
      gateway.context().close();
    }
  }

  @Test
  void answersALegacyAccount400WithTheTextOnlyAndRetryAfter() throws Exception {
    Tenants.Tenant legacy = Tenants.legacyAccount(stack, plan, 5);

    TestStack.Response answer = api.post(legacy.apiKey(), aRequest().json());

    assertThat(answer.status()).as(answer.toString()).isEqualTo(400);
    JsonNode body = answer.json();
    assertThat(body.propertyNames()).containsExactlyInAnyOrder("success", "error");
    assertThat(body.get("success").asBoolean()).isFalse();
    assertThat(body.get("error").asString())
        .isEqualTo(Messages.of(ErrorCode.GENERATION_UNAVAILABLE));
    assertThat(answer.header("Retry-After")).matches("[1-9][0-9]*");
    assertNothingReservedOrRecorded(legacy);
  }

  @Test
  void answersACurrentAccount503GenerationUnavailableAndRetryAfter() throws Exception {
    Tenants.Tenant current = Tenants.account(stack, plan, 5);

    TestStack.Response answer = api.post(current.apiKey(), aRequest().json());

    assertThat(answer.status()).as(answer.toString()).isEqualTo(503);
    JsonNode body = answer.json();
    assertThat(body.get("code").asString()).isEqualTo("generation_unavailable");
    assertThat(body.get("message").asString())
        .isEqualTo(Messages.of(ErrorCode.GENERATION_UNAVAILABLE));
    assertThat(answer.header("Retry-After")).matches("[1-9][0-9]*");
    // "Retry with the same key" needs the key: the request brought none, so the answer names the
    // one it ran under.
    assertThat(answer.header("Idempotency-Key")).startsWith("srv-");
    assertNothingReservedOrRecorded(current);
  }

  /** The photo never reached storage, so neither credit nor job may have moved. */
  private static void assertNothingReservedOrRecorded(Tenants.Tenant tenant) {
    assertThat(
            stack
                .jdbc()
                .sql("SELECT balance, reserved FROM accounts WHERE id = :id")
                .param("id", tenant.id())
                .query((row, n) -> row.getLong(1) + "/" + row.getLong(2))
                .single())
        .isEqualTo("5/0");
    assertThat(
            stack
                .jdbc()
                .sql("SELECT count(*) FROM jobs WHERE account_id = :id")
                .param("id", tenant.id())
                .query(Long.class)
                .single())
        .isZero();
  }
}

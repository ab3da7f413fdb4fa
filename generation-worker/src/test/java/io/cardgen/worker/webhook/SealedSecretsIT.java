package io.cardgen.worker.webhook;

import static io.cardgen.worker.webhook.WebhookFixtures.expectedSignature;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.webhook.SealingKey;
import io.cardgen.common.webhook.SecretSealing;
import io.cardgen.common.webhook.WebhookSecret;
import io.cardgen.testsupport.WebhookReceiver;
import io.cardgen.testsupport.WebhookReceiver.Received;
import io.cardgen.worker.webhook.StoredSecrets.Column;
import io.cardgen.worker.webhook.StoredSecrets.Row;
import io.cardgen.worker.webhook.WebhookFixtures.SecretColumns;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Webhook secrets sealed at rest (ADR 0047), against a real PostgreSQL: what a worker with a key
 * stores, how plain secrets from before sealing are sealed (at their next use and by the start-up
 * pass, neither overwriting a rotation), and what happens to an account whose secret this worker
 * cannot open.
 */
class SealedSecretsIT extends OutboxTest {

  private final WebhookSecret secret = WebhookSecret.generate();

  @Test
  void aPlainSecretFromBeforeSealingSignsAndIsSealedInPlaceAtItsNextUse() throws Exception {
    WebhookReceiver receiver = bed.receiver("127.0.0.1");
    UUID account = fixtures.anAccount(secret.value());
    aDueDelivery(account, receiver.url("/hooks"));

    bed.deliverer().deliverDue();

    Received request = receiver.received().get(0);
    assertThat(request.header("webhook-signature")).isEqualTo(signed(request, secret));
    String stored = fixtures.secretOf(account);
    assertThat(stored)
        .startsWith(bed.sealing.currentPrefix())
        .doesNotContain("whsec_")
        .doesNotContain(secret.value().substring("whsec_".length()));
    assertThat(bed.sealing.open(account, stored)).isEqualTo(secret);
  }

  @Test
  void aSecretSealedUnderAKeyNotConfiguredFailsTheAttemptAsRetryableAndSendsNothing()
      throws Exception {
    WebhookReceiver receiver = bed.receiver("127.0.0.1");
    String otherKey = WebhookTestBed.aSealingKey();
    UUID account = fixtures.anAccount(null);
    fixtures.rotate(account, SecretSealing.fromSettings(otherKey, List.of()).seal(account, secret));
    UUID id = aDueDelivery(account, receiver.url("/hooks"));
    Instant first = bed.clock.instant();

    assertThat(bed.deliverer().deliverDue()).isOne();

    WebhookFixtures.Row row = fixtures.row(id);
    assertThat(row.state()).isEqualTo("PENDING");
    assertThat(row.leaseOwner()).isNull();
    assertThat(Duration.between(first, row.nextAttemptAt()))
        .isLessThanOrEqualTo(Duration.ofSeconds(10));
    assertThat(row.lastError())
        .contains("not signed")
        .contains(account.toString())
        .contains("sealed under key " + SealingKey.parse(otherKey, "test").id())
        .doesNotContain(secret.value().substring("whsec_".length()));
    assertThat(receiver.received()).isEmpty();
    assertThat(bed.count("unsigned")).isOne();

    bed.clock.advance(Duration.ofSeconds(10));
    SecretSealing withTheOldKey = SecretSealing.fromSettings(bed.sealingKey, List.of(otherKey));
    bed.deliverer(withTheOldKey).deliverDue();

    assertThat(fixtures.row(id).state()).isEqualTo("DELIVERED");
    Received request = receiver.received().get(0);
    assertThat(request.header("webhook-signature")).isEqualTo(signed(request, secret));
    assertThat(fixtures.secretOf(account)).startsWith(bed.sealing.currentPrefix());
  }

  @Test
  void aSealedSecretFoundByAWorkerWithoutAnyKeyFailsTheAttemptTheSameWay() {
    UUID account = fixtures.anAccount(null);
    fixtures.rotate(account, bed.sealing.seal(account, secret));
    UUID id = aDueDelivery(account, "https://hooks.example.test/hooks");

    bed.deliverer(SecretSealing.unsealed()).deliverDue();

    assertThat(fixtures.row(id).state()).isEqualTo("PENDING");
    assertThat(fixtures.row(id).lastError()).contains("no sealing key is configured");
    assertThat(bed.count("unsigned")).isOne();
  }

  @Test
  void aSealedSecretCopiedFromAnotherAccountDoesNotSign() {
    UUID owner = fixtures.anAccount(null);
    UUID thief = fixtures.anAccount(null);
    fixtures.rotate(thief, bed.sealing.seal(owner, secret));
    UUID id = aDueDelivery(thief, "https://hooks.example.test/hooks");

    bed.deliverer().deliverDue();

    assertThat(fixtures.row(id).lastError()).contains("sealed for another account");
    assertThat(bed.count("unsigned")).isOne();
  }

  @Test
  void theStartUpPassSealsEveryPlainOrOldKeySecretAndLeavesWhatItCannotOpen() {
    fixtures.forgetEverySecret(); // the other tests' accounts share this database
    String oldKey = WebhookTestBed.aSealingKey();
    SecretSealing old = SecretSealing.fromSettings(oldKey, List.of());
    WebhookSecret previous = WebhookSecret.generate();
    UUID plain = fixtures.anAccount(secret.value());
    UUID plainWithPrevious = fixtures.anAccount(null);
    fixtures.rotatedWithOverlap(
        plainWithPrevious, secret.value(), previous.value(), bed.clock.instant().plusSeconds(60));
    UUID underTheOldKey = fixtures.anAccount(null);
    fixtures.rotate(underTheOldKey, old.seal(underTheOldKey, secret));
    UUID underAnUnknownKey = fixtures.anAccount(null);
    String unknown =
        SecretSealing.fromSettings(WebhookTestBed.aSealingKey(), List.of())
            .seal(underAnUnknownKey, secret);
    fixtures.rotate(underAnUnknownKey, unknown);
    UUID upToDate = fixtures.anAccount(null);
    String current = bed.sealing.seal(upToDate, secret);
    fixtures.rotate(upToDate, current);
    SecretSealing rotatedKeys = SecretSealing.fromSettings(bed.sealingKey, List.of(oldKey));

    SecretResealing.Pass pass = bed.resealing(rotatedKeys).resealAll();

    assertThat(pass.resealed()).isEqualTo(4);
    assertThat(pass.unreadable()).isOne();
    assertThat(pass.firstUnreadable()).contains(underAnUnknownKey.toString());
    for (UUID account : List.of(plain, plainWithPrevious, underTheOldKey, upToDate)) {
      SecretColumns stored = fixtures.secretColumnsOf(account);
      assertThat(stored.current()).startsWith(bed.sealing.currentPrefix());
      assertThat(bed.sealing.open(account, stored.current())).isEqualTo(secret);
    }
    SecretColumns withPrevious = fixtures.secretColumnsOf(plainWithPrevious);
    assertThat(withPrevious.previous()).startsWith(bed.sealing.currentPrefix());
    assertThat(bed.sealing.open(plainWithPrevious, withPrevious.previous())).isEqualTo(previous);
    assertThat(fixtures.secretOf(upToDate)).isEqualTo(current);
    assertThat(fixtures.secretOf(underAnUnknownKey)).isEqualTo(unknown);
    assertThat(bed.resealing(rotatedKeys).resealAll().resealed()).isZero();
  }

  @Test
  void theStartUpPassRemovesPreviousSecretsWhoseOverlapEndedOpenableOrNot() {
    fixtures.forgetEverySecret(); // the other tests' accounts share this database
    UUID ended = fixtures.anAccount(null);
    fixtures.rotatedWithOverlap(
        ended,
        bed.sealing.seal(ended, secret),
        WebhookSecret.generate().value(),
        bed.clock.instant());
    UUID endedUnopenable = fixtures.anAccount(null);
    String underAnUnknownKey =
        SecretSealing.fromSettings(WebhookTestBed.aSealingKey(), List.of())
            .seal(endedUnopenable, secret);
    fixtures.rotatedWithOverlap(
        endedUnopenable,
        bed.sealing.seal(endedUnopenable, secret),
        underAnUnknownKey,
        bed.clock.instant().minusSeconds(3600));
    UUID stillSigning = fixtures.anAccount(null);
    String previous = bed.sealing.seal(stillSigning, WebhookSecret.generate());
    Instant until = bed.clock.instant().plusSeconds(1);
    fixtures.rotatedWithOverlap(
        stillSigning, bed.sealing.seal(stillSigning, secret), previous, until);

    SecretResealing.Pass pass = bed.resealing(bed.sealing).resealAll();

    assertThat(pass.expiredCleared()).isEqualTo(2);
    assertThat(pass.unreadable()).as("the unopenable one went before the pass").isZero();
    for (UUID account : List.of(ended, endedUnopenable)) {
      SecretColumns stored = fixtures.secretColumnsOf(account);
      assertThat(stored.previous()).isNull();
      assertThat(stored.previousValidUntil()).isNull();
      assertThat(bed.sealing.open(account, stored.current())).isEqualTo(secret);
    }
    assertThat(fixtures.secretColumnsOf(stillSigning).previous()).isEqualTo(previous);
    assertThat(fixtures.secretColumnsOf(stillSigning).previousValidUntil()).isEqualTo(until);
  }

  @Test
  void aResealingNeverOverwritesASecretRotatedSinceItWasRead() {
    UUID account = fixtures.anAccount(secret.value());
    StoredSecrets stored = new StoredSecrets(database.jdbc());
    Row read = stored.read(account);
    String rotated = WebhookSecret.generate().value();
    fixtures.rotate(account, rotated);

    boolean replaced = new SigningSecrets(stored, bed.sealing).reseal(read, Column.CURRENT);

    assertThat(replaced).isFalse();
    assertThat(fixtures.secretOf(account)).isEqualTo(rotated);
  }

  private static String signed(Received request, WebhookSecret secret) throws Exception {
    return expectedSignature(
        secret.value(),
        request.header("webhook-id"),
        request.header("webhook-timestamp"),
        request.body());
  }
}

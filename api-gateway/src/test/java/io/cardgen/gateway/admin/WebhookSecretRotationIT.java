package io.cardgen.gateway.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.webhook.SecretSealing;
import io.cardgen.common.webhook.WebhookSecret;
import io.cardgen.gateway.admin.WebhookSecretRotation.Rotated;
import io.cardgen.gateway.testing.Books;
import io.cardgen.gateway.testing.BooksDatabase;
import io.cardgen.testsupport.SettableClock;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The admin API's rotation against a real PostgreSQL (ADR 0047): what it stores, sealed, and how it
 * keeps the replaced secret signing for the overlap.
 */
class WebhookSecretRotationIT {

  private static final Duration OVERLAP = Duration.ofHours(24);
  @RegisterExtension static final BooksDatabase database = new BooksDatabase();

  private final SettableClock clock = new SettableClock();
  private final SecretSealing sealing = SecretSealing.fromSettings(aKey(), List.of());
  private UUID account;

  @BeforeEach
  void anAccount() {
    account = new Books(database.jdbc()).anAccountWithCredits(0);
  }

  @Test
  void aFirstSecretIsStoredSealedAndNothingOverlapsIt() {
    Rotated rotated = rotation(sealing, OVERLAP).rotate(account).orElseThrow();

    Stored stored = stored();
    assertThat(rotated.secret().value()).startsWith("whsec_");
    assertThat(stored.current())
        .startsWith(sealing.currentPrefix())
        .doesNotContain("whsec_")
        .doesNotContain(rotated.secret().value().substring("whsec_".length()));
    assertThat(sealing.open(account, stored.current())).isEqualTo(rotated.secret());
    assertThat(stored.previous()).isNull();
    assertThat(stored.previousValidUntil()).isNull();
    assertThat(rotated.previousValidUntil()).isNull();
  }

  @Test
  void theReplacedSecretMovesAsStoredAndSignsUntilTheOverlapEnds() {
    WebhookSecretRotation rotation = rotation(sealing, OVERLAP);
    Rotated first = rotation.rotate(account).orElseThrow();
    String firstStored = stored().current();
    clock.advance(Duration.ofHours(3));

    Rotated second = rotation.rotate(account).orElseThrow();

    Stored stored = stored();
    Instant until = clock.instant().plus(OVERLAP);
    assertThat(second.previousValidUntil()).isEqualTo(until);
    assertThat(stored.previousValidUntil()).isEqualTo(until);
    assertThat(stored.previous()).isEqualTo(firstStored);
    assertThat(sealing.open(account, stored.previous())).isEqualTo(first.secret());
    assertThat(sealing.open(account, stored.current()))
        .isEqualTo(second.secret())
        .isNotEqualTo(first.secret());
  }

  @Test
  void aPlainSecretFromBeforeSealingIsSealedOnItsWayToThePreviousColumn() {
    WebhookSecret legacy = WebhookSecret.generate();
    store(legacy.value());

    rotation(sealing, OVERLAP).rotate(account).orElseThrow();

    String previous = stored().previous();
    assertThat(previous).startsWith(sealing.currentPrefix()).doesNotContain("whsec_");
    assertThat(sealing.open(account, previous)).isEqualTo(legacy);
  }

  @Test
  void aSecretSealedUnderAKeyThisGatewayDoesNotHaveIsKeptAsItIs() {
    String elsewhere =
        SecretSealing.fromSettings(aKey(), List.of()).seal(account, WebhookSecret.generate());
    store(elsewhere);

    assertThat(rotation(sealing, OVERLAP).rotate(account)).isPresent();

    assertThat(stored().previous()).isEqualTo(elsewhere);
  }

  @Test
  void withoutAnOverlapTheReplacedSecretIsDroppedAtOnce() {
    WebhookSecretRotation rotation = rotation(sealing, Duration.ZERO);
    rotation.rotate(account).orElseThrow();

    Rotated second = rotation.rotate(account).orElseThrow();

    assertThat(second.previousValidUntil()).isNull();
    assertThat(stored().previous()).isNull();
  }

  @Test
  void withoutAKeySecretsAreStoredPlainAsBefore() {
    WebhookSecretRotation rotation = rotation(SecretSealing.unsealed(), OVERLAP);
    Rotated first = rotation.rotate(account).orElseThrow();

    Rotated second = rotation.rotate(account).orElseThrow();

    assertThat(stored().current()).isEqualTo(second.secret().value());
    assertThat(stored().previous()).isEqualTo(first.secret().value());
  }

  @Test
  void anUnknownAccountIsNotRotated() {
    assertThat(rotation(sealing, OVERLAP).rotate(UUID.randomUUID())).isEmpty();
  }

  /** Whichever writes second finds the first's secret and keeps it: neither is lost. */
  @Test
  void twoRotationsAtOnceEndOneAfterTheOther() throws Exception {
    WebhookSecretRotation rotation = rotation(sealing, OVERLAP);
    rotation.rotate(account).orElseThrow();
    CountDownLatch start = new CountDownLatch(1);
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      List<Future<Rotated>> both =
          List.of(
              threads.submit(() -> awaitThenRotate(start, rotation)),
              threads.submit(() -> awaitThenRotate(start, rotation)));
      start.countDown();
      WebhookSecret one = both.get(0).get().secret();
      WebhookSecret other = both.get(1).get().secret();

      Stored stored = stored();
      assertThat(
              List.of(
                  sealing.open(account, stored.current()),
                  sealing.open(account, stored.previous())))
          .containsExactlyInAnyOrder(one, other);
    } finally {
      threads.shutdownNow();
    }
  }

  private Rotated awaitThenRotate(CountDownLatch start, WebhookSecretRotation rotation)
      throws InterruptedException {
    start.await();
    return rotation.rotate(account).orElseThrow();
  }

  private WebhookSecretRotation rotation(SecretSealing sealing, Duration overlap) {
    return new WebhookSecretRotation(database.jdbc(), sealing, overlap, clock);
  }

  private record Stored(String current, String previous, Instant previousValidUntil) {}

  private Stored stored() {
    return database
        .jdbc()
        .sql(
            """
            SELECT webhook_secret, webhook_previous_secret, webhook_previous_valid_until
            FROM accounts WHERE id = :id
            """)
        .param("id", account)
        .query(
            (row, number) -> {
              Timestamp until = row.getTimestamp("webhook_previous_valid_until");
              return new Stored(
                  row.getString("webhook_secret"),
                  row.getString("webhook_previous_secret"),
                  until == null ? null : until.toInstant());
            })
        .single();
  }

  private void store(String value) {
    database
        .jdbc()
        .sql("UPDATE accounts SET webhook_secret = :value WHERE id = :id")
        .param("value", value)
        .param("id", account)
        .update();
  }

  private static String aKey() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return Base64.getEncoder().encodeToString(key);
  }
}

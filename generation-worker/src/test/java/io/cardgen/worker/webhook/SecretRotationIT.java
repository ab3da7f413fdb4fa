package io.cardgen.worker.webhook;

import static io.cardgen.testsupport.WebhookReceiver.status;
import static io.cardgen.worker.webhook.WebhookFixtures.expectedSignature;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.webhook.SecretSealing;
import io.cardgen.common.webhook.WebhookSecret;
import io.cardgen.testsupport.WebhookReceiver;
import io.cardgen.testsupport.WebhookReceiver.Received;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * After a rotation the previous secret keeps signing beside the new one until the row's {@code
 * webhook_previous_valid_until} (ADR 0047): receivers still holding the old secret keep verifying
 * while they switch. The rows are written as the admin API's rotation leaves them; time moves by
 * the bed's clock.
 */
class SecretRotationIT extends OutboxTest {

  private static final Duration OVERLAP = Duration.ofHours(24);

  private final WebhookSecret before = WebhookSecret.generate();
  private final WebhookSecret after = WebhookSecret.generate();

  @Test
  void whileTheOverlapLastsBothSecretsSignTheNewOneFirstAndAfterItOnlyTheNewOne() throws Exception {
    WebhookReceiver receiver = bed.receiver("127.0.0.1").answering(status(500), status(200));
    UUID account = anAccountRotatedNow();
    UUID id = aDueDelivery(account, receiver.url("/hooks"));
    WebhookDeliverer deliverer = bed.deliverer();

    deliverer.deliverDue();
    bed.clock.advance(OVERLAP);
    deliverer.deliverDue();

    assertThat(fixtures.row(id).state()).isEqualTo("DELIVERED");
    Received during = receiver.received().get(0);
    assertThat(signatures(during)).containsExactly(signed(during, after), signed(during, before));
    Received past = receiver.received().get(1);
    assertThat(signatures(past)).containsExactly(signed(past, after));
  }

  @Test
  void thePreviousSecretSignsUpToItsLastSecondAndNotAtItsEnd() throws Exception {
    WebhookReceiver receiver = bed.receiver("127.0.0.1").answering(status(500), status(500));
    UUID account = anAccountRotatedNow();
    aDueDelivery(account, receiver.url("/hooks"));
    WebhookDeliverer deliverer = bed.deliverer();

    bed.clock.advance(OVERLAP.minusSeconds(1));
    deliverer.deliverDue();
    bed.clock.advance(Duration.ofSeconds(10));
    deliverer.deliverDue();

    assertThat(signatures(receiver.received().get(0))).hasSize(2);
    assertThat(signatures(receiver.received().get(1))).hasSize(1);
  }

  @Test
  void aPlainPreviousSecretFromBeforeSealingSignsAndIsSealedInPlace() throws Exception {
    WebhookReceiver receiver = bed.receiver("127.0.0.1");
    UUID account = fixtures.anAccount(null);
    Instant until = bed.clock.instant().plus(OVERLAP);
    fixtures.rotatedWithOverlap(account, bed.sealing.seal(account, after), before.value(), until);
    aDueDelivery(account, receiver.url("/hooks"));

    bed.deliverer().deliverDue();

    Received request = receiver.received().get(0);
    assertThat(signatures(request))
        .containsExactly(signed(request, after), signed(request, before));
    String previous = fixtures.secretColumnsOf(account).previous();
    assertThat(previous).startsWith(bed.sealing.currentPrefix()).doesNotContain("whsec_");
    assertThat(bed.sealing.open(account, previous)).isEqualTo(before);
  }

  @Test
  void aPreviousSecretThatCannotBeOpenedIsLeftOutAndTheNewOneStillSigns() throws Exception {
    WebhookReceiver receiver = bed.receiver("127.0.0.1");
    UUID account = fixtures.anAccount(null);
    SecretSealing elsewhere = SecretSealing.fromSettings(WebhookTestBed.aSealingKey(), List.of());
    fixtures.rotatedWithOverlap(
        account,
        bed.sealing.seal(account, after),
        elsewhere.seal(account, before),
        bed.clock.instant().plus(OVERLAP));
    UUID id = aDueDelivery(account, receiver.url("/hooks"));

    bed.deliverer().deliverDue();

    assertThat(fixtures.row(id).state()).isEqualTo("DELIVERED");
    Received request = receiver.received().get(0);
    assertThat(signatures(request)).containsExactly(signed(request, after));
  }

  /** The row the admin API leaves when it rotates {@link #before} to {@link #after} now. */
  private UUID anAccountRotatedNow() {
    UUID account = fixtures.anAccount(null);
    fixtures.rotatedWithOverlap(
        account,
        bed.sealing.seal(account, after),
        bed.sealing.seal(account, before),
        bed.clock.instant().plus(OVERLAP));
    return account;
  }

  private static List<String> signatures(Received request) {
    return List.of(request.header("webhook-signature").split(" "));
  }

  private static String signed(Received request, WebhookSecret secret) throws Exception {
    return expectedSignature(
        secret.value(),
        request.header("webhook-id"),
        request.header("webhook-timestamp"),
        request.body());
  }
}

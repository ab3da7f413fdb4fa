package io.cardgen.worker.webhook;

import static io.cardgen.testsupport.WebhookReceiver.status;
import static io.cardgen.worker.webhook.WebhookFixtures.aPayload;
import static io.cardgen.worker.webhook.WebhookFixtures.expectedSignature;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.webhook.SecretSealing;
import io.cardgen.common.webhook.WebhookSecret;
import io.cardgen.testsupport.SettableClock;
import io.cardgen.testsupport.WebhookReceiver;
import io.cardgen.testsupport.WebhookReceiver.Received;
import io.cardgen.worker.webhook.WebhookFixtures.Row;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Delivery against a real PostgreSQL and a real HTTP receiver on 127.0.0.1 (allowlisted, as an
 * operator would allowlist a private receiver). Time of the retry schedule moves by a settable
 * clock; only the timeout test waits on real time, for the sender's own cut.
 */
class WebhookDeliveryIT extends OutboxTest {

  private SettableClock clock;

  @BeforeEach
  void useTheBedsClock() {
    clock = bed.clock;
  }

  private WebhookReceiver receiver(String address) throws Exception {
    return bed.receiver(address);
  }

  private WebhookDeliverer deliverer() {
    return bed.deliverer();
  }

  private double count(String outcome) {
    return bed.count(outcome);
  }

  @Test
  void aReceiverThatFailsFirstGetsTheRetryWithTheSameIdAndAValidSignature() throws Exception {
    WebhookReceiver receiver = receiver("127.0.0.1").answering(status(500), status(200));
    String secret = WebhookSecret.generate().value();
    UUID account = fixtures.anAccount(secret);
    String payload = aPayload(UUID.randomUUID());
    UUID id = fixtures.aPendingDelivery(account, receiver.url("/hooks"), payload, clock.instant());
    WebhookDeliverer deliverer = deliverer();
    Instant firstAttempt = clock.instant();

    assertThat(deliverer.deliverDue()).isOne();
    Row afterFailure = fixtures.row(id);
    assertThat(afterFailure.state()).isEqualTo("PENDING");
    assertThat(afterFailure.lastStatus()).isEqualTo(500);
    assertThat(afterFailure.leaseOwner()).isNull();
    assertThat(Duration.between(firstAttempt, afterFailure.nextAttemptAt()))
        .isBetween(Duration.ofMillis(2500), Duration.ofSeconds(10));
    assertThat(deliverer.deliverDue()).as("not due before its time").isZero();

    clock.advance(Duration.ofSeconds(10));
    assertThat(deliverer.deliverDue()).isOne();

    assertThat(fixtures.row(id).state()).isEqualTo("DELIVERED");
    assertThat(fixtures.row(id).attempts()).isEqualTo(2);
    List<Received> requests = receiver.received();
    assertThat(requests).hasSize(2);
    assertThat(requests.get(0).header("webhook-timestamp"))
        .isEqualTo(Long.toString(firstAttempt.getEpochSecond()));
    assertThat(requests.get(1).header("webhook-timestamp"))
        .isEqualTo(Long.toString(clock.instant().getEpochSecond()));
    for (Received request : requests) {
      assertThat(request.method()).isEqualTo("POST");
      assertThat(request.path()).isEqualTo("/hooks");
      assertThat(request.header("Content-Type")).isEqualTo("application/json");
      assertThat(request.header("webhook-id")).isEqualTo(id.toString());
      assertThat(request.body()).isEqualTo(payload);
      assertThat(request.header("webhook-signature"))
          .isEqualTo(
              expectedSignature(
                  secret, id.toString(), request.header("webhook-timestamp"), request.body()));
    }
    assertThat(count("retried")).isOne();
    assertThat(count("delivered")).isOne();
    assertThat(bed.metrics.timer(WebhookMetrics.LATENCY).count()).isEqualTo(2);
    assertThat(bed.metrics.get(WebhookMetrics.PENDING).gauge().value()).isZero();
  }

  @Test
  void aReceiverThatDoesNotAnswerInTimeIsRetried() throws Exception {
    WebhookReceiver receiver = receiver("127.0.0.1").answering(new WebhookReceiver.Hang());
    UUID id = aDueDelivery(anAccountWithASecret(), receiver.url("/slow"));
    WebhookDeliverer deliverer = deliverer();

    long started = System.nanoTime();
    assertThat(deliverer.deliverDue()).isOne();
    Duration took = Duration.ofNanos(System.nanoTime() - started);

    assertThat(took).isBetween(WebhookTestBed.TIMEOUT, WebhookTestBed.TIMEOUT.plusSeconds(5));
    Row afterTimeout = fixtures.row(id);
    assertThat(afterTimeout.state()).isEqualTo("PENDING");
    assertThat(afterTimeout.lastStatus()).isNull();
    assertThat(afterTimeout.lastError()).contains("no answer within");
    clock.advance(Duration.ofSeconds(10));
    assertThat(deliverer.deliverDue()).isOne();
    assertThat(fixtures.row(id).state()).isEqualTo("DELIVERED");
    assertThat(receiver.received()).hasSize(2);
  }

  /**
   * A receiver that does not answer holds one slot for its timeout, not the others: rows that
   * become due meanwhile go out through the slots that are free (batch-api §7's first retry within
   * 10 s for everyone else).
   */
  @Test
  void aReceiverThatDoesNotAnswerHoldsOnlyItsOwnSlot() throws Exception {
    WebhookReceiver silent = receiver("127.0.0.1").answering(new WebhookReceiver.Hang());
    WebhookReceiver prompt = receiver("127.0.0.1");
    UUID account = anAccountWithASecret();
    UUID stuck = aDueDelivery(account, silent.url("/slow"));
    WebhookDeliverer deliverer = deliverer();
    long started = System.nanoTime();

    WebhookDeliverer.Started first = deliverer.startDue();
    assertThat(first.attempts()).hasSize(1);
    UUID later = aDueDelivery(account, prompt.url("/hooks"));
    assertThat(deliverer.deliverDue()).isOne();

    assertThat(fixtures.row(later).state()).isEqualTo("DELIVERED");
    assertThat(Duration.ofNanos(System.nanoTime() - started)).isLessThan(WebhookTestBed.TIMEOUT);
    assertThat(first.attempts().get(0)).isNotDone();
    first.attempts().get(0).join();
    assertThat(fixtures.row(stuck).lastError()).contains("no answer within");
  }

  @Test
  void anAddressThatBecomesPrivateBetweenAttemptsIsRefusedAndNothingIsSentThere() throws Exception {
    WebhookReceiver allowed = receiver("127.0.0.1").answering(status(503));
    WebhookReceiver inside = receiver("127.0.0.2");
    bed.dns.put("hooks.seller.test", "127.0.0.1");
    UUID id =
        aDueDelivery(
            anAccountWithASecret(), "http://hooks.seller.test:" + allowed.port() + "/hooks");
    WebhookDeliverer deliverer = deliverer();
    deliverer.deliverDue();
    assertThat(allowed.received()).hasSize(1);

    bed.dns.put("hooks.seller.test", "127.0.0.2");
    clock.advance(Duration.ofSeconds(10));
    deliverer.deliverDue();

    Row refused = fixtures.row(id);
    assertThat(refused.state()).isEqualTo("PENDING");
    assertThat(refused.attempts()).isEqualTo(2);
    assertThat(refused.lastError()).contains("127.0.0.2");
    assertThat(inside.received()).isEmpty();
    assertThat(allowed.received()).hasSize(1);
    assertThat(count("refused_address")).isOne();
    assertThat(count("retried")).isOne();
  }

  @Test
  void plainHttpToAPublicAddressIsRefused() throws Exception {
    bed.dns.put("hooks.public.test", "93.184.216.34");
    UUID id = aDueDelivery(anAccountWithASecret(), "http://hooks.public.test/hooks");

    deliverer().deliverDue();

    assertThat(fixtures.row(id).lastError()).contains("plain http");
    assertThat(count("refused_address")).isOne();
  }

  @Test
  void aRedirectIsAFailureAndIsNotFollowed() throws Exception {
    WebhookReceiver receiver = receiver("127.0.0.1");
    receiver.answering(new WebhookReceiver.Status(302, Map.of("Location", receiver.url("/moved"))));
    UUID id = aDueDelivery(anAccountWithASecret(), receiver.url("/hooks"));

    deliverer().deliverDue();

    assertThat(fixtures.row(id).state()).isEqualTo("PENDING");
    assertThat(fixtures.row(id).lastStatus()).isEqualTo(302);
    assertThat(receiver.received()).extracting(Received::path).containsExactly("/hooks");
  }

  @Test
  void aRotatedSecretSignsTheNextAttempt() throws Exception {
    WebhookReceiver receiver = receiver("127.0.0.1").answering(status(401), status(200));
    String before = WebhookSecret.generate().value();
    UUID account = fixtures.anAccount(before);
    UUID id = aDueDelivery(account, receiver.url("/hooks"));
    WebhookDeliverer deliverer = deliverer();
    deliverer.deliverDue();

    String after = WebhookSecret.generate().value();
    fixtures.rotate(account, after);
    clock.advance(Duration.ofSeconds(10));
    deliverer.deliverDue();

    assertThat(fixtures.row(id).state()).isEqualTo("DELIVERED");
    Received first = receiver.received().get(0);
    Received second = receiver.received().get(1);
    assertThat(first.header("webhook-signature")).isEqualTo(signatureOf(first, before));
    assertThat(second.header("webhook-signature"))
        .isEqualTo(signatureOf(second, after))
        .isNotEqualTo(signatureOf(second, before));
  }

  @Test
  void anAccountWithoutASecretGetsOneAtItsFirstDeliveryAndKeepsIt() throws Exception {
    WebhookReceiver receiver = receiver("127.0.0.1").answering(status(500));
    UUID account = fixtures.anAccount(null);
    aDueDelivery(account, receiver.url("/hooks"));
    WebhookDeliverer deliverer = deliverer();

    deliverer.deliverDue();
    String stored = fixtures.secretOf(account);
    clock.advance(Duration.ofSeconds(10));
    deliverer.deliverDue();

    assertThat(stored).startsWith(bed.sealing.currentPrefix()).doesNotContain("whsec_");
    String created = bed.sealing.open(account, stored).value();
    assertThat(fixtures.secretOf(account)).isEqualTo(stored);
    assertThat(receiver.received()).hasSize(2);
    for (Received request : receiver.received()) {
      assertThat(request.header("webhook-signature")).isEqualTo(signatureOf(request, created));
    }
  }

  @Test
  void withoutASealingKeyAnAccountsFirstSecretIsStoredPlainAsBefore() throws Exception {
    WebhookReceiver receiver = receiver("127.0.0.1");
    UUID account = fixtures.anAccount(null);
    aDueDelivery(account, receiver.url("/hooks"));

    bed.deliverer(SecretSealing.unsealed()).deliverDue();

    String created = fixtures.secretOf(account);
    assertThat(created).startsWith("whsec_");
    Received request = receiver.received().get(0);
    assertThat(request.header("webhook-signature")).isEqualTo(signatureOf(request, created));
  }

  @Test
  void aDeliveryFailingForTheWholeWindowGivesUp() throws Exception {
    WebhookReceiver receiver = receiver("127.0.0.1");
    for (int i = 0; i < 100; i++) {
      receiver.answering(status(500));
    }
    UUID id = aDueDelivery(anAccountWithASecret(), receiver.url("/hooks"));
    WebhookDeliverer deliverer = deliverer();

    Instant created = clock.instant();
    while (fixtures.row(id).state().equals("PENDING")) {
      Instant due = fixtures.row(id).nextAttemptAt();
      clock.advance(Duration.between(clock.instant(), due));
      assertThat(deliverer.deliverDue()).isOne();
    }

    assertThat(fixtures.row(id).state()).isEqualTo("GAVE_UP");
    assertThat(Duration.between(created, clock.instant())).isEqualTo(Duration.ofHours(25));
    assertThat(count("gave_up")).isOne();
    assertThat(count("retried")).isEqualTo(receiver.received().size() - 1);
    assertThat(receiver.received())
        .extracting(r -> r.header("webhook-id"))
        .containsOnly(id.toString());
  }

  @Test
  void anAttemptThatFailsUnexpectedlyEveryTimeCountsAndEndsInGivingUp() throws Exception {
    bed.dns.put("hooks.broken.test", WebhookTestBed.BREAKS);
    UUID id = aDueDelivery(anAccountWithASecret(), "https://hooks.broken.test/hooks");
    WebhookDeliverer deliverer = deliverer();

    deliverer.deliverDue();

    assertThat(fixtures.row(id).attempts()).isOne();
    assertThat(fixtures.row(id).lastError()).contains("IllegalStateException");
    while (fixtures.row(id).state().equals("PENDING")) {
      clock.advance(Duration.between(clock.instant(), fixtures.row(id).nextAttemptAt()));
      assertThat(deliverer.deliverDue()).isOne();
    }
    assertThat(fixtures.row(id).state()).isEqualTo("GAVE_UP");
  }

  @Test
  void anAddressWithAPortOutOfRangeIsRefusedAndEndsInGivingUp() throws Exception {
    bed.dns.put("hooks.public.test", "93.184.216.34");
    UUID id = aDueDelivery(anAccountWithASecret(), "https://hooks.public.test:99999/hooks");
    WebhookDeliverer deliverer = deliverer();

    deliverer.deliverDue();

    assertThat(fixtures.row(id).lastError()).contains("port out of range");
    assertThat(count("refused_address")).isOne();
    while (fixtures.row(id).state().equals("PENDING")) {
      clock.advance(Duration.between(clock.instant(), fixtures.row(id).nextAttemptAt()));
      assertThat(deliverer.deliverDue()).isOne();
    }
    assertThat(fixtures.row(id).state()).isEqualTo("GAVE_UP");
  }

  private static String signatureOf(Received request, String secret) throws Exception {
    return expectedSignature(
        secret, request.header("webhook-id"), request.header("webhook-timestamp"), request.body());
  }
}

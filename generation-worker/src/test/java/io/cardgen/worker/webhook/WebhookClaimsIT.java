package io.cardgen.worker.webhook;

import static io.cardgen.testsupport.WebhookReceiver.status;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.testsupport.WebhookReceiver;
import io.cardgen.testsupport.WebhookReceiver.Received;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Several deliverers on one outbox, as several workers run them: claims split rows, leases hand a
 * dead deliverer's row to another, and rows outlive the deliverer that first tried them.
 */
class WebhookClaimsIT extends OutboxTest {

  private static WebhookOutbox outbox;

  @BeforeAll
  static void openOutbox() {
    // Races between deliverers, not an account's share: rows of earlier rounds stay leased.
    outbox = new WebhookOutbox(database.jdbc(), 100);
  }

  @Test
  void ofTwoDeliverersClaimingOneRowExactlyOneWins() throws Exception {
    UUID account = anAccountWithASecret();
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 30; round++) {
        UUID id = aDueDelivery(account, "https://hooks.seller.test/" + round);
        Instant now = bed.clock.instant();
        List<List<DueWebhook>> claims =
            all(
                threads,
                owner -> outbox.claim(owner, now, now.plus(WebhookTestBed.LEASE), 10),
                "deliverer-a",
                "deliverer-b");

        assertThat(claims.stream().mapToInt(List::size).sum()).as("round %d", round).isOne();
        assertThat(claims.stream().flatMap(List::stream).map(DueWebhook::id)).containsExactly(id);
      }
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void twoDeliverersRacingSendEachRowOncePerAttempt() throws Exception {
    WebhookReceiver receiver = bed.receiver("127.0.0.1");
    UUID account = anAccountWithASecret();
    List<UUID> ids = new ArrayList<>();
    for (int index = 0; index < 24; index++) {
      ids.add(aDueDelivery(account, receiver.url("/hooks")));
    }
    WebhookDeliverer first = bed.deliverer();
    WebhookDeliverer second = bed.deliverer();
    ExecutorService threads = Executors.newFixedThreadPool(2);
    try {
      int sent = 0;
      while (sent < ids.size()) {
        List<Integer> claimed = all(threads, WebhookDeliverer::deliverDue, first, second);
        sent += claimed.stream().mapToInt(Integer::intValue).sum();
        assertThat(claimed).as("both ran, neither found nothing while rows were due").isNotEmpty();
      }
    } finally {
      threads.shutdownNow();
    }

    Map<String, Long> perId =
        receiver.received().stream()
            .collect(Collectors.groupingBy(r -> r.header("webhook-id"), Collectors.counting()));
    assertThat(perId).hasSize(ids.size()).allSatisfy((id, count) -> assertThat(count).isOne());
    ids.forEach(id -> assertThat(fixtures.row(id).state()).isEqualTo("DELIVERED"));
    assertThat(bed.count("delivered")).isEqualTo(ids.size());
  }

  @Test
  void aRowWhoseDelivererDiedMidAttemptIsRetriedByAnotherOnceItsLeaseRunsOut() throws Exception {
    WebhookReceiver receiver = bed.receiver("127.0.0.1");
    UUID account = anAccountWithASecret();
    UUID id = aDueDelivery(account, receiver.url("/hooks"));
    Instant now = bed.clock.instant();
    List<DueWebhook> taken =
        outbox.claim("deliverer-dead", now, now.plus(WebhookTestBed.LEASE), 10);
    assertThat(taken).hasSize(1);
    WebhookDeliverer survivor = bed.deliverer();

    assertThat(survivor.deliverDue()).as("still leased").isZero();
    bed.clock.advance(WebhookTestBed.LEASE.plusSeconds(1));
    assertThat(survivor.deliverDue()).isOne();

    assertThat(fixtures.row(id).state()).isEqualTo("DELIVERED");
    assertThat(fixtures.row(id).attempts()).isEqualTo(2);
    assertThat(receiver.received()).hasSize(1);
    assertThat(outbox.delivered(taken.get(0), "deliverer-dead", 200, bed.clock.instant()))
        .as("the dead deliverer, back late, cannot record its attempt")
        .isFalse();
    assertThat(outbox.retryAt(taken.get(0), "deliverer-dead", bed.clock.instant(), 500, "late"))
        .isFalse();
    assertThat(fixtures.row(id).state()).isEqualTo("DELIVERED");
  }

  @Test
  void pendingRowsOutliveTheDelivererAndANewOneDeliversThem() throws Exception {
    WebhookReceiver receiver = bed.receiver("127.0.0.1").answering(status(500));
    UUID account = anAccountWithASecret();
    UUID retried = aDueDelivery(account, receiver.url("/retried"));
    WebhookDeliverer before = bed.deliverer();
    assertThat(before.deliverDue()).isOne();
    before.close();
    UUID written = aDueDelivery(account, receiver.url("/written-while-down"));

    bed.clock.advance(java.time.Duration.ofSeconds(10));
    WebhookDeliverer after = bed.deliverer();
    assertThat(after.deliverDue()).isEqualTo(2);

    assertThat(fixtures.row(retried).state()).isEqualTo("DELIVERED");
    assertThat(fixtures.row(written).state()).isEqualTo("DELIVERED");
    assertThat(receiver.received())
        .extracting(Received::path)
        .containsExactlyInAnyOrder("/retried", "/retried", "/written-while-down");
  }

  /** Runs {@code action} for each input at the same moment, returning every result. */
  @SafeVarargs
  private static <T, R> List<R> all(ExecutorService threads, Action<T, R> action, T... inputs)
      throws Exception {
    CountDownLatch start = new CountDownLatch(1);
    List<Future<R>> runs = new ArrayList<>();
    for (T input : inputs) {
      Callable<R> run =
          () -> {
            start.await();
            return action.apply(input);
          };
      runs.add(threads.submit(run));
    }
    start.countDown();
    List<R> results = new ArrayList<>();
    for (Future<R> run : runs) {
      results.add(run.get());
    }
    return results;
  }

  @FunctionalInterface
  private interface Action<T, R> {
    R apply(T input) throws Exception;
  }
}

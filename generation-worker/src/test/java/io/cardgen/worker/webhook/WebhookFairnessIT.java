package io.cardgen.worker.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.testsupport.WebhookReceiver;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/**
 * Claims are fair between accounts (ADR 0055): every account's oldest due delivery before any
 * account's second, accounts with fewer attempts in flight first, no account over its share of
 * attempts in flight on all deliverers together, and deliverers claiming at the same moment each
 * take rows.
 */
class WebhookFairnessIT extends OutboxTest {

  @Test
  void aClaimTakesEveryAccountsOldestDueDeliveryBeforeAnyAccountsSecond() {
    List<UUID> first = dueDeliveries(anAccountWithASecret(), 5);
    List<UUID> second = dueDeliveries(anAccountWithASecret(), 3);
    List<UUID> third = dueDeliveries(anAccountWithASecret(), 1);

    List<DueWebhook> claimed = claim(outbox(10), "deliverer-a", 5);

    assertThat(ids(claimed))
        .containsExactlyInAnyOrder(
            first.get(0), second.get(0), third.get(0), first.get(1), second.get(1));
  }

  @Test
  void anAccountWithManyDueDeliveriesDoesNotKeepTheOthersWaiting() {
    dueDeliveries(anAccountWithASecret(), 50);
    List<UUID> others = new ArrayList<>();
    for (int account = 0; account < 5; account++) {
      others.addAll(dueDeliveries(anAccountWithASecret(), 1));
    }

    List<DueWebhook> claimed = claim(outbox(8), "deliverer-a", 6);

    assertThat(ids(claimed)).hasSize(6).containsAll(others);
  }

  @Test
  void anAccountWithAttemptsInFlightComesAfterAccountsWithNone() {
    UUID busy = anAccountWithASecret();
    dueDeliveries(busy, 6);
    WebhookOutbox outbox = outbox(4);
    assertThat(claim(outbox, "deliverer-a", 2)).hasSize(2);
    List<UUID> quiet = dueDeliveries(anAccountWithASecret(), 2);

    // ranks: the quiet account's rows 1 and 2; the busy one's next row 2 in flight + 1 = 3
    List<DueWebhook> claimed = claim(outbox, "deliverer-b", 2);

    assertThat(ids(claimed)).containsExactlyInAnyOrderElementsOf(quiet);
  }

  @Test
  void anAccountHasNoMoreThanItsShareInFlightOnAllDeliverersTogether() {
    UUID flooding = anAccountWithASecret();
    dueDeliveries(flooding, 10);
    WebhookOutbox outbox = outbox(2);
    List<DueWebhook> first = claim(outbox, "deliverer-a", 8);
    assertThat(first).extracting(DueWebhook::accountId).containsExactly(flooding, flooding);
    List<UUID> waiting = dueDeliveries(anAccountWithASecret(), 1);

    assertThat(ids(claim(outbox, "deliverer-b", 8))).isEqualTo(waiting);
    Instant later = bed.clock.instant().plusSeconds(60);
    assertThat(outbox.retryAt(first.get(0), "deliverer-a", later, 500, "failed")).isTrue();
    assertThat(claim(outbox, "deliverer-b", 8))
        .as("one attempt ended, one more may start")
        .extracting(DueWebhook::accountId)
        .containsExactly(flooding);
  }

  @Test
  void leasesStillHoldAndOnesThatRanOutNoLongerCountAgainstTheShare() {
    UUID account = anAccountWithASecret();
    dueDeliveries(account, 4);
    WebhookOutbox outbox = outbox(2);
    List<DueWebhook> taken = claim(outbox, "deliverer-dead", 8);
    assertThat(taken).hasSize(2);

    assertThat(claim(outbox, "deliverer-b", 8)).as("leased, and the share is full").isEmpty();
    bed.clock.advance(WebhookTestBed.LEASE.plusSeconds(1));
    List<DueWebhook> retaken = claim(outbox, "deliverer-b", 8);

    assertThat(ids(retaken)).containsExactlyInAnyOrderElementsOf(ids(taken));
    assertThat(retaken).extracting(DueWebhook::attempt).containsOnly(2);
    assertThat(outbox.delivered(taken.get(0), "deliverer-dead", 200, bed.clock.instant()))
        .as("the deliverer whose lease ran out cannot record its attempt")
        .isFalse();
  }

  /** The reverted first attempt chose the same rows for both and locked after the limit. */
  @Test
  void twoDeliverersClaimingAtTheSameMomentEachTakeRows() throws Exception {
    dueDeliveries(anAccountWithASecret(), 8);
    try (OpenTransaction first = new OpenTransaction(database.dataSource());
        OpenTransaction second = new OpenTransaction(database.dataSource())) {
      List<DueWebhook> one = claim(new WebhookOutbox(first.jdbc(), 8), "deliverer-a", 4);
      List<DueWebhook> other = claim(new WebhookOutbox(second.jdbc(), 8), "deliverer-b", 4);

      assertThat(one).hasSize(4);
      assertThat(other).hasSize(4);
      assertThat(ids(one)).doesNotContainAnyElementsOf(ids(other));
    }
  }

  @Test
  void deliverersClaimingAtTheSameMomentStayWithinTheShareTogether() throws Exception {
    UUID flooding = anAccountWithASecret();
    dueDeliveries(flooding, 6);
    try (OpenTransaction first = new OpenTransaction(database.dataSource());
        OpenTransaction second = new OpenTransaction(database.dataSource())) {
      assertThat(claim(new WebhookOutbox(first.jdbc(), 2), "deliverer-a", 4)).hasSize(2);

      assertThat(claim(new WebhookOutbox(second.jdbc(), 2), "deliverer-b", 4)).isEmpty();
    }
  }

  /**
   * A receiver that never answers holds its account's share of a deliverer's slots for the whole
   * timeout, and another account's event goes out through the slots left.
   */
  @Test
  void aReceiverThatNeverAnswersLeavesSlotsForOtherAccounts() throws Exception {
    WebhookReceiver silent = bed.receiver("127.0.0.1");
    WebhookReceiver prompt = bed.receiver("127.0.0.1");
    UUID flooding = anAccountWithASecret();
    for (int index = 0; index < 10; index++) {
      silent.answering(new WebhookReceiver.Hang());
      aDueDelivery(flooding, silent.url("/dead/" + index));
    }
    WebhookDeliverer deliverer = bed.deliverer();

    WebhookDeliverer.Started stuck = deliverer.startDue();
    assertThat(stuck.attempts()).hasSize(WebhookTestBed.MAX_CONCURRENT_PER_ACCOUNT);
    UUID other = aDueDelivery(anAccountWithASecret(), prompt.url("/hooks"));
    assertThat(deliverer.deliverDue()).isOne();

    assertThat(fixtures.row(other).state()).isEqualTo("DELIVERED");
    assertThat(stuck.attempts()).noneMatch(CompletableFuture::isDone);
    silent.close();
    stuck.attempts().forEach(CompletableFuture::join);
  }

  private WebhookOutbox outbox(int maxConcurrentPerAccount) {
    return new WebhookOutbox(database.jdbc(), maxConcurrentPerAccount);
  }

  /** Deliveries of {@code account} that fell due one second apart, oldest first. */
  private List<UUID> dueDeliveries(UUID account, int count) {
    List<UUID> ids = new ArrayList<>();
    for (int index = 0; index < count; index++) {
      ids.add(aDueDelivery(account, "https://hooks.seller.test/" + index));
      bed.clock.advance(Duration.ofSeconds(1));
    }
    return ids;
  }

  private List<DueWebhook> claim(WebhookOutbox outbox, String owner, int limit) {
    Instant now = bed.clock.instant();
    return outbox.claim(owner, now, now.plus(WebhookTestBed.LEASE), limit);
  }

  private static List<UUID> ids(List<DueWebhook> claimed) {
    return claimed.stream().map(DueWebhook::id).toList();
  }
}

package io.cardgen.gateway.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.batch.BatchObject;
import io.cardgen.common.request.ApiRevision;
import io.cardgen.gateway.auth.Account;
import io.cardgen.gateway.plan.Plan;
import io.cardgen.gateway.reply.ReplyProperties;
import io.cardgen.gateway.testing.Books;
import io.cardgen.gateway.testing.BooksDatabase;
import io.cardgen.testsupport.SettableClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.unit.DataSize;
import tools.jackson.databind.json.JsonMapper;

/**
 * The batch list, its cursor and the batch endpoints against retention, through the real
 * controller, store and retention.
 */
class BatchListCursorIT {

  @RegisterExtension static final BooksDatabase database = new BooksDatabase();
  private final SettableClock clock = new SettableClock();
  private JdbcClient jdbc;
  private UUID account;
  private BatchRetentionFixture batches;

  @BeforeEach
  void clear() {
    jdbc = database.jdbc();
    account = new Books(jdbc).anAccountWithCredits(100);
    batches = new BatchRetentionFixture(database, clock, account);
  }

  private BatchRetention retention(int items, int transactions) {
    return batches.retention(Duration.ofDays(30), items, transactions);
  }

  /** BatchAccess granting the test account, so the real controller's list logic runs. */
  private final class Granting extends BatchAccess {
    Granting() {
      super(null);
    }

    @Override
    Decision check(String authorization, boolean creation) {
      return new Granted(
          new Account(account, "t", 1L, ApiRevision.CURRENT, 100, 0),
          new Plan(1, "p", true, 5, 3000, 5, true, 5, 5, true, true, 60));
    }
  }

  private BatchController controller() {
    BatchStore store = new BatchStore(jdbc, new NamedParameterJdbcTemplate(database.dataSource()));
    return new BatchController(
        new Granting(),
        null,
        null,
        store,
        new BatchListing(store),
        null,
        null,
        null,
        new BatchProperties(
            10000,
            DataSize.ofMegabytes(256),
            DataSize.ofMegabytes(32),
            List.of(),
            1000,
            Duration.ofMinutes(1),
            2,
            Duration.ofSeconds(2)),
        new ReplyProperties(
            Duration.ofSeconds(150),
            Duration.ofSeconds(5),
            Duration.ofMillis(100),
            Duration.ofSeconds(2)),
        JsonMapper.builder().build());
  }

  /** The operator's cancel, through the real store and cancellation; it needs no account check. */
  private AdminBatchController admin() {
    BatchStore store = new BatchStore(jdbc, new NamedParameterJdbcTemplate(database.dataSource()));
    return new AdminBatchController(
        null, new BatchListing(store), new BatchCancellation(jdbc, store, clock));
  }

  private Instant daysAgo(long days) {
    return batches.daysAgo(days);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> data(ResponseEntity<BatchEnvelope> answer) {
    return (Map<String, Object>) answer.getBody().data();
  }

  /**
   * batch-api §1: {@code next} is the cursor of the following page. It was the last batch's id,
   * looked up again for its place: when retention removed that batch between two pages, the next
   * page was a 422 and the older batches the account still has were out of reach (review).
   */
  @Test
  @SuppressWarnings("unchecked")
  void aCursorWhoseBatchRetentionRemovedStillLeadsToTheOlderBatches() {
    // Created first, still running (never removed while running): the oldest in the list.
    UUID oldestKept = batches.aRunningBatch(daysAgo(40), 1);
    // Created later, finished 31 days ago: past its retention.
    UUID expiring = batches.aFinishedBatch("completed", daysAgo(35), daysAgo(31), 1);
    UUID newest = batches.aFinishedBatch("completed", daysAgo(1), daysAgo(1), 1);
    BatchController controller = controller();

    ResponseEntity<BatchEnvelope> first = controller.list("Bearer x", "2", null);
    assertThat(first.getStatusCode().value()).isEqualTo(200);
    List<BatchObject> items = (List<BatchObject>) data(first).get("items");
    assertThat(items)
        .extracting(BatchObject::id)
        .containsExactly(BatchObject.publicId(newest), BatchObject.publicId(expiring));
    String next = (String) data(first).get("next");
    assertThat(next).startsWith(BatchObject.publicId(expiring) + ".");

    assertThat(retention(1000, 50).removeExpired()).isOne(); // between the two pages

    ResponseEntity<BatchEnvelope> second = controller.list("Bearer x", "2", next);
    assertThat(second.getStatusCode().value()).isEqualTo(200);
    assertThat((List<BatchObject>) data(second).get("items"))
        .extracting(BatchObject::id)
        .containsExactly(BatchObject.publicId(oldestKept));
    assertThat(data(second).get("next")).isNull();
    // A bare batch id, the cursor of earlier versions, still needs its batch.
    assertThat(
            controller
                .list("Bearer x", "2", BatchObject.publicId(expiring))
                .getStatusCode()
                .value())
        .isEqualTo(422);
    assertThat(
            controller.list("Bearer x", "2", BatchObject.publicId(newest)).getStatusCode().value())
        .isEqualTo(200);
  }

  /**
   * Retention removes a large batch in several transactions. In between, the batch answered 200 and
   * its results skipped the seqs already removed (review): a client resuming with {@code ?after=}
   * would take the gap for the batch's end. It is now gone from the first removal on.
   */
  @Test
  @SuppressWarnings("unchecked")
  void aBatchWhoseRemovalHasBegunIsGoneForItsAccount() {
    UUID removing = batches.aFinishedBatch("completed", daysAgo(35), daysAgo(31), 5);
    UUID kept = batches.aFinishedBatch("completed", daysAgo(2), daysAgo(1), 1);
    BatchController controller = controller();
    String id = BatchObject.publicId(removing);
    assertThat(controller.get("Bearer x", id).getStatusCode().value()).isEqualTo(200);
    ResponseEntity<?> finished = admin().cancel(id);
    assertThat(finished.getStatusCode().value()).as("a finished batch, as it is").isEqualTo(200);
    assertThat(((BatchObject) finished.getBody()).status()).isEqualTo("completed");

    assertThat(retention(2, 1).removeExpired()).as("no batch removed whole yet").isZero();

    assertThat(
            jdbc.sql("SELECT count(*) FROM jobs WHERE batch_id = :b")
                .param("b", removing)
                .query(Long.class)
                .single())
        .as("items left")
        .isEqualTo(3);
    assertThat(controller.get("Bearer x", id).getStatusCode().value()).isEqualTo(404);
    assertThat(controller.cancel("Bearer x", id).getStatusCode().value()).isEqualTo(404);
    assertThat(admin().cancel(id).getStatusCode().value()).as("operator's cancel").isEqualTo(404);
    assertThat((List<BatchObject>) data(controller.list("Bearer x", "10", null)).get("items"))
        .extracting(BatchObject::id)
        .containsExactly(BatchObject.publicId(kept));

    assertThat(retention(2, 10).removeExpired()).as("the rest, the row last").isOne();
    assertThat(controller.get("Bearer x", id).getStatusCode().value()).isEqualTo(404);
    assertThat(controller.get("Bearer x", BatchObject.publicId(kept)).getStatusCode().value())
        .isEqualTo(200);
  }
}

package io.cardgen.gateway.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.cardgen.common.batch.BatchObject;
import io.cardgen.common.net.NameLookups;
import io.cardgen.common.request.ApiRevision;
import io.cardgen.gateway.api.IntakeMemories;
import io.cardgen.gateway.auth.Account;
import io.cardgen.gateway.photo.InlinePhotoStore;
import io.cardgen.gateway.photo.JobPhotoRemoval;
import io.cardgen.gateway.photo.PhotoIntakes;
import io.cardgen.gateway.photo.RefusedBatchPhotos;
import io.cardgen.gateway.plan.Plan;
import io.cardgen.gateway.testing.Books;
import io.cardgen.gateway.testing.BooksDatabase;
import io.cardgen.storage.S3Bucket;
import io.cardgen.storage.S3Clients;
import io.cardgen.testsupport.TestImages;
import io.cardgen.testsupport.TestS3;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.jdbc.core.namedparam.NamedParameterJdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.jdbc.datasource.DelegatingDataSource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionStatus;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.util.unit.DataSize;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;
import tools.jackson.databind.json.JsonMapper;

/**
 * Creating a batch when the transaction that records it reports a failure, against real PostgreSQL
 * and real S3: the batch row, not the exception, says whether the batch exists, and the photos of a
 * batch that exists, or may, are never deleted. Also a retry whose batch is removed under it.
 */
class BatchCreationCommitFailureIT {

  @RegisterExtension static final BooksDatabase database = new BooksDatabase();

  private static final Plan PLAN =
      new Plan(1, "test", true, 5, 3000, 5, true, 3, 3, true, true, 60);
  private static final String REFUSED_BY_DATABASE = "refused-by-database";
  private static final AtomicInteger BUCKETS = new AtomicInteger();

  private static TestS3 s3;

  private String bucket;
  private InlinePhotoStore photos;
  private Outage outage;
  private Outage queueOutage;
  private final AtomicInteger removalRuns = new AtomicInteger();
  private FailingCommits commits;
  private ScheduledExecutorService analyzer;
  private final AtomicInteger statisticsRefreshes = new AtomicInteger();
  private final NameLookups webhookLookups = new NameLookups("test-webhook-dns", 1, 1);
  private BatchCreation creation;
  private Account account;

  /** The trigger fails one item's insert: a real error from PostgreSQL inside the transaction. */
  @BeforeAll
  static void start() throws Exception {
    s3 = TestS3.start();
    database
        .jdbc()
        .sql(
            """
            CREATE FUNCTION refuse_test_item() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF NEW.custom_id = '%s' THEN
                RAISE EXCEPTION 'item refused by the test';
              END IF;
              RETURN NEW;
            END $$
            """
                .formatted(REFUSED_BY_DATABASE))
        .update();
    database
        .jdbc()
        .sql(
            """
            CREATE TRIGGER refuse_test_item BEFORE INSERT ON jobs
            FOR EACH ROW EXECUTE FUNCTION refuse_test_item()
            """)
        .update();
  }

  @AfterAll
  static void stop() throws Exception {
    s3.close();
  }

  @BeforeEach
  void wire() {
    bucket = "photos-" + BUCKETS.incrementAndGet();
    S3Bucket store = S3Bucket.open(s3.properties(bucket), bucket);
    photos = new InlinePhotoStore(store, UUID::randomUUID);
    photos.createBucketIfMissing();
    outage = new Outage(database.dataSource());
    queueOutage = new Outage(database.dataSource());
    JobPhotoRemoval removal =
        new JobPhotoRemoval(JdbcClient.create(queueOutage), store, true, new SimpleMeterRegistry());
    // The removal thread's run, here on the test's thread so that its outcome can be asserted.
    Runnable removeSoon =
        () -> {
          removalRuns.incrementAndGet();
          removal.removeDue(1_000);
        };
    commits = new FailingCommits(new DataSourceTransactionManager(outage));
    analyzer = Executors.newSingleThreadScheduledExecutor();
    BatchProperties properties =
        new BatchProperties(
            100,
            DataSize.ofMegabytes(256),
            DataSize.ofMegabytes(32),
            List.of(),
            1,
            Duration.ZERO,
            2,
            Duration.ofSeconds(2));
    creation =
        new BatchCreation(
            new BatchStore(JdbcClient.create(outage), new NamedParameterJdbcTemplate(outage)),
            PhotoIntakes.storingIn(photos),
            new RefusedBatchPhotos(removal, removeSoon, PhotoIntakes.storingIn(photos)),
            new BatchOptions(
                new WebhookAddress(properties, webhookLookups), JsonMapper.builder().build()),
            properties,
            new TransactionTemplate(commits),
            new JobStatistics(
                statisticsRefreshes::incrementAndGet, 1, Duration.ZERO, System::nanoTime, analyzer),
            IntakeMemories.ample(),
            Clock.fixed(Instant.parse("2025-06-01T10:00:00Z"), ZoneOffset.UTC));
    UUID id = new Books(database.jdbc()).anAccountWithCredits(10);
    account = new Account(id, "books", null, ApiRevision.CURRENT, 10, 0);
  }

  @AfterEach
  void close() {
    analyzer.shutdownNow();
    photos.close();
    webhookLookups.close();
  }

  @Test
  void aCommitThatSucceededButReportedAFailureCreatesTheBatchAndKeepsItsPhotos() throws Exception {
    commits.failAfterCommitting();

    BatchCreation.Outcome outcome = create("sku-1", "sku-2");

    assertThat(outcome).isInstanceOf(BatchCreation.Created.class);
    String batch = recordedBatch();
    assertThat(((BatchCreation.Created) outcome).batch().id())
        .isEqualTo(BatchObject.publicId(UUID.fromString(batch)));
    assertThat(count("SELECT count(*) FROM jobs WHERE batch_id = CAST(? AS uuid)", batch))
        .isEqualTo(2);
    assertThat(reserved()).isEqualTo(2);
    List<String> stored = storedPhotos();
    assertThat(stored).hasSize(2);
    assertThat(itemSpecs(batch)).allSatisfy(spec -> assertThat(stored).anyMatch(spec::contains));
    assertThat(statisticsRefreshesOnceIdle()).as("counted as a recorded batch").isEqualTo(1);
  }

  @Test
  void postgresqlTellsACommitStillUnderWayFromOnesThatEnded() throws Exception {
    BatchStore store =
        new BatchStore(
            JdbcClient.create(database.dataSource()),
            new NamedParameterJdbcTemplate(database.dataSource()));
    try (Connection open = database.dataSource().getConnection()) {
      open.setAutoCommit(false);
      String underWay = transactionIdOf(open);
      assertThat(store.transactionStatus(underWay)).contains("in progress");
      open.commit();
      assertThat(store.transactionStatus(underWay)).contains("committed");
      String rolledBack = transactionIdOf(open);
      open.rollback();
      assertThat(store.transactionStatus(rolledBack)).contains("aborted");
    }
  }

  private static String transactionIdOf(Connection connection) throws SQLException {
    try (var statement = connection.createStatement();
        var row = statement.executeQuery("SELECT pg_current_xact_id()::text")) {
      row.next();
      return row.getString(1);
    }
  }

  @Test
  void aCommitThatNeverReachedTheDatabaseFailsAndDeletesThePhotos() throws Exception {
    commits.failInsteadOfCommitting();

    assertThatThrownBy(() -> create("sku-1", "sku-2")).isSameAs(commits.reported());

    assertThat(count("SELECT count(*) FROM batches")).isZero();
    assertThat(count("SELECT count(*) FROM jobs")).isZero();
    assertThat(reserved()).isZero();
    assertThat(storedPhotos()).isEmpty();
    assertThat(statisticsRefreshesOnceIdle()).isZero();
  }

  @Test
  void aFailureInsideTheTransactionFailsAndDeletesThePhotos() throws Exception {
    assertThatThrownBy(() -> create("sku-1", REFUSED_BY_DATABASE))
        .hasMessageContaining("item refused by the test");

    assertThat(commits.reported()).as("never got as far as the commit").isNull();
    assertThat(count("SELECT count(*) FROM batches")).isZero();
    assertThat(count("SELECT count(*) FROM jobs")).isZero();
    assertThat(reserved()).isZero();
    assertThat(removalRuns).as("through the removal queue").hasValue(1);
    assertThat(count("SELECT count(*) FROM photo_removals")).isZero();
    assertThat(storedPhotos()).isEmpty();
  }

  @Test
  void aRefusalWhoseRemovalQueueCannotBeWrittenDeletesThePhotosAtOnce() throws Exception {
    queueOutage.begin();

    assertThatThrownBy(() -> create("sku-1", REFUSED_BY_DATABASE))
        .hasMessageContaining("item refused by the test");

    assertThat(removalRuns).as("the queue was away").hasValue(0);
    assertThat(count("SELECT count(*) FROM photo_removals")).isZero();
    assertThat(storedPhotos()).isEmpty();
  }

  @Test
  void whetherTheCommitHappenedUnknownKeepsThePhotosAndFailsWithBothCauses() throws Exception {
    commits.failAfterCommitting();
    commits.thenLoseTheDatabase(outage);

    Throwable thrown = catchThrowable(() -> create("sku-1", "sku-2"));

    assertThat(thrown).isInstanceOf(RuntimeException.class).hasCause(commits.reported());
    assertThat(commits.reported().getSuppressed())
        .as("the failed lookup")
        .singleElement()
        .isInstanceOf(CannotGetJdbcConnectionException.class);
    assertThat(recordedBatch()).as("it did commit").isNotNull();
    assertThat(storedPhotos()).hasSize(2);
  }

  @Test
  void aRetryWhoseBatchIsRemovedWhileItsBodyIsReadIsToldToRetryLater() throws Exception {
    commits.failAfterCommitting();
    byte[] body = bodyOf("sku-1");
    assertThat(create(new ByteArrayInputStream(body))).isInstanceOf(BatchCreation.Created.class);
    String batch = recordedBatch();

    BatchCreation.Outcome retry = create(new RemovedOnceRead(body, batch));

    assertThat(retry).isInstanceOf(BatchCreation.KeyExpired.class);
    assertThat(recordedBatch()).as("removed, as retention does").isNull();
  }

  private BatchCreation.Outcome create(String... customIds) throws Exception {
    return create(new ByteArrayInputStream(bodyOf(customIds)));
  }

  private BatchCreation.Outcome create(InputStream body) throws Exception {
    BatchCreation.Request request =
        new BatchCreation.Request(
            account, PLAN, "key-1", BatchBody.Format.JSON, new BatchOptions.Raw(null, null));
    try (body) {
      return creation.create(request, body);
    }
  }

  /** A body that removes the batch, as retention would, once it has been read to its end. */
  private static final class RemovedOnceRead extends FilterInputStream {

    private final String batch;
    private boolean removed;

    RemovedOnceRead(byte[] body, String batch) {
      super(new ByteArrayInputStream(body));
      this.batch = batch;
    }

    @Override
    public int read() throws IOException {
      return removeAtEnd(super.read());
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      return removeAtEnd(super.read(buffer, offset, length));
    }

    private int removeAtEnd(int read) {
      if (read == -1 && !removed) {
        removed = true;
        database
            .jdbc()
            .sql("DELETE FROM jobs WHERE batch_id = CAST(:id AS uuid)")
            .param("id", batch)
            .update();
        database
            .jdbc()
            .sql("DELETE FROM batches WHERE id = CAST(:id AS uuid)")
            .param("id", batch)
            .update();
      }
      return read;
    }
  }

  /** A JSON batch body: one item per custom id, each with an inline photo of its own. */
  private static byte[] bodyOf(String... customIds) {
    StringBuilder items = new StringBuilder();
    for (String customId : customIds) {
      String photo = Base64.getEncoder().encodeToString(TestImages.jpeg(24, 16));
      items
          .append(items.isEmpty() ? "" : ",\n")
          .append(
              """
              {"custom_id": "%s", "request": {"image_url": "data:image/jpeg;base64,%s",
               "short_description": "Сумка", "style": "standard", "length": 300}}
              """
                  .formatted(customId, photo));
    }
    return ("{\"items\": [" + items + "]}").getBytes(StandardCharsets.UTF_8);
  }

  private String recordedBatch() {
    return database
        .jdbc()
        .sql("SELECT CAST(id AS text) FROM batches WHERE account_id = :account")
        .param("account", account.id())
        .query(String.class)
        .optional()
        .orElse(null);
  }

  private List<String> itemSpecs(String batch) {
    return database
        .jdbc()
        .sql("SELECT CAST(spec AS text) FROM jobs WHERE batch_id = CAST(:id AS uuid)")
        .param("id", batch)
        .query(String.class)
        .list();
  }

  private long reserved() {
    return database
        .jdbc()
        .sql("SELECT reserved FROM accounts WHERE id = :id")
        .param("id", account.id())
        .query(Long.class)
        .single();
  }

  private static long count(String sql, Object... parameters) {
    return database.jdbc().sql(sql).params(parameters).query(Long.class).single();
  }

  private List<String> storedPhotos() {
    try (S3Client client = S3Clients.create(s3.properties(bucket))) {
      return client.listObjectsV2(list -> list.bucket(bucket)).contents().stream()
          .map(S3Object::key)
          .toList();
    }
  }

  /** Refreshes the batch's statistics asked for, once the analyzer has run what was scheduled. */
  private int statisticsRefreshesOnceIdle() throws InterruptedException {
    analyzer.shutdown();
    assertThat(analyzer.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
    return statisticsRefreshes.get();
  }

  /**
   * The real transaction manager, except that a commit reports a failure as when the connection
   * drops around COMMIT: either after it (PostgreSQL committed, the answer was lost) or instead of
   * it (it never arrived, and PostgreSQL rolled the transaction back).
   */
  private static final class FailingCommits implements PlatformTransactionManager {

    private final PlatformTransactionManager real;
    private boolean commitReachesTheDatabase;
    private Outage thenLost;
    private TransactionSystemException reported;

    FailingCommits(PlatformTransactionManager real) {
      this.real = real;
    }

    void failAfterCommitting() {
      commitReachesTheDatabase = true;
    }

    void failInsteadOfCommitting() {
      commitReachesTheDatabase = false;
    }

    /** After the failed commit the database cannot be reached any more, not even to look. */
    void thenLoseTheDatabase(Outage outage) {
      thenLost = outage;
    }

    /** The failure the last commit reported; null before any. */
    TransactionSystemException reported() {
      return reported;
    }

    @Override
    public TransactionStatus getTransaction(TransactionDefinition definition) {
      return real.getTransaction(definition);
    }

    @Override
    public void commit(TransactionStatus status) {
      if (commitReachesTheDatabase) {
        real.commit(status);
      } else {
        real.rollback(status);
      }
      if (thenLost != null) {
        thenLost.begin();
      }
      reported = new TransactionSystemException("connection lost while committing (test)");
      throw reported;
    }

    @Override
    public void rollback(TransactionStatus status) {
      real.rollback(status);
    }
  }

  /** The real data source until {@link #begin}; from then on no connection can be had. */
  private static final class Outage extends DelegatingDataSource {

    private volatile boolean down;

    Outage(DataSource real) {
      super(real);
    }

    void begin() {
      down = true;
    }

    @Override
    public Connection getConnection() throws SQLException {
      if (down) {
        throw new SQLException("database unreachable (test)", "08001");
      }
      return super.getConnection();
    }
  }
}

package io.cardgen.gateway.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.gateway.testing.Books;
import io.cardgen.gateway.testing.BooksDatabase;
import io.cardgen.testsupport.SettableClock;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

class PublishedMarksIT {

  @RegisterExtension static final BooksDatabase database = new BooksDatabase();
  private final SettableClock clock = new SettableClock();
  private Books books;
  private UUID account;

  @BeforeEach
  void clear() {
    books = new Books(database.jdbc());
    account = books.anAccountWithCredits(2_000);
  }

  @Test
  void marksNothingUntilFlushedThenEveryPublishedJob() {
    PublishedMarks marks = new PublishedMarks(database.jdbc(), clock);
    List<UUID> jobs = queuedJobs(3);
    jobs.forEach(marks::published);

    assertThat(publishedAt(jobs.get(0))).isNull();
    marks.flush();

    assertThat(jobs).allSatisfy(job -> assertThat(publishedAt(job)).isEqualTo(clock.instant()));
  }

  @Test
  void splitsALargeBurstIntoBoundedStatements() {
    PublishedMarks marks = new PublishedMarks(database.jdbc(), clock, 2);
    List<UUID> jobs = queuedJobs(7);
    jobs.forEach(marks::published);

    marks.flush();

    assertThat(unpublished()).isZero();
  }

  @Test
  void keepsTheFirstMarkWhenAJobIsPublishedTwice() {
    PublishedMarks marks = new PublishedMarks(database.jdbc(), clock);
    UUID job = queuedJobs(1).get(0);
    Instant first = clock.instant();
    marks.published(job);
    marks.flush();

    clock.advance(Duration.ofSeconds(30));
    marks.published(job);
    marks.flush();

    assertThat(publishedAt(job)).isEqualTo(first);
  }

  @Test
  void flushesWhatIsPendingWhenTheContextCloses() {
    PublishedMarks marks = new PublishedMarks(database.jdbc(), clock);
    UUID job = queuedJobs(1).get(0);
    marks.published(job);

    marks.destroy();

    assertThat(publishedAt(job)).isNotNull();
  }

  private List<UUID> queuedJobs(int count) {
    List<UUID> jobs = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      jobs.add(books.aQueuedJob(account, "key-" + i, clock.instant()));
    }
    return jobs;
  }

  private Instant publishedAt(UUID job) {
    return database
        .jdbc()
        .sql("SELECT published_at FROM jobs WHERE id = :id")
        .param("id", job)
        .query(Timestamp.class)
        .optional()
        .map(Timestamp::toInstant)
        .orElse(null);
  }

  private long unpublished() {
    return database
        .jdbc()
        .sql("SELECT count(*) FROM jobs WHERE published_at IS NULL")
        .query(Long.class)
        .single();
  }
}

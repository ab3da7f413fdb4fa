package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A large batch refreshes the jobs table's statistics once it is recorded (JobStatistics): the
 * batch claim is planned from them, and statistics taken before the batch existed make the planner
 * read the whole queue on every claim. {@code analyze_count} counts explicit ANALYZEs only, not
 * autovacuum's.
 */
class BatchStatisticsIT {

  @Test
  void aBatchOfAtLeastTheThresholdAnalyzesTheJobsTable() throws Exception {
    try (TestStack stack = TestStack.start("--cardgen.batch.analyze-after-items=3")) {
      long before = analyses(stack);

      TestStack.Response created =
          new BatchApi(stack)
              .create(stack.demoKey(), "stats-1", BatchApi.body(3, i -> "Кружка номер " + i, null));

      assertThat(created.status()).isEqualTo(202);
      await("an ANALYZE of jobs after the batch")
          .atMost(Duration.ofSeconds(30))
          .until(() -> analyses(stack), count -> count > before);
    }
  }

  private static long analyses(TestStack stack) {
    return stack
        .jdbc()
        .sql("SELECT analyze_count FROM pg_stat_user_tables WHERE relname = 'jobs'")
        .query(Long.class)
        .single();
  }
}

package io.cardgen.worker.llm;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.testsupport.TestDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The tokens-per-minute budget against PostgreSQL, with 60 000 tokens a minute in 5-s windows: 5
 * 000 tokens a window.
 */
class SharedTokenBudgetIT {

  private static final Duration WINDOW = Duration.ofSeconds(5);
  private static final Instant NOW = Instant.parse("2026-11-28T10:00:01Z");

  private static TestDatabase database;
  private SharedRateBudget budget;

  @BeforeAll
  static void startDatabase() throws Exception {
    database = TestDatabase.start();
  }

  @AfterAll
  static void stopDatabase() throws Exception {
    database.close();
  }

  @BeforeEach
  void emptyWindows() {
    database.jdbc().sql("DELETE FROM llm_rate_windows").update();
    budget = new SharedRateBudget(database.jdbc(), WINDOW, Integer.MAX_VALUE, 5_000);
  }

  @Test
  void callsSentBeforeAnyAnswerStopAtTheWindowsTokens() {
    // A thousand calls start at once and no answer has come yet: without what they are expected
    // to use set aside, all of them would pass, two hundred times the provider's limit.
    long taken = IntStream.range(0, 1_000).filter(call -> budget.take(NOW, 2_000)).count();

    assertThat(taken).isEqualTo(2);
    assertThat(budget.take(budget.nextWindow(NOW), 2_000)).isTrue();
  }

  @Test
  void aCallExpectedToUseMoreThanAWindowRunsAlone() {
    assertThat(budget.take(NOW, 50_000)).isTrue();
    assertThat(budget.take(NOW, 1)).isFalse();
  }

  @Test
  void whatAnAnswerUsedBeyondItsEstimateCountsInTheWindowItCameIn() {
    assertThat(budget.take(NOW, 2_000)).isTrue();
    Instant answered = budget.nextWindow(NOW);
    budget.spent(answered, 4_000);

    assertThat(budget.take(answered, 2_000)).isFalse();
    assertThat(budget.take(answered, 1_000)).isTrue();
  }

  @Test
  void aTakeGivenBackLeavesItsWindowAsBeforeIt() {
    SharedRateBudget oneRequest = new SharedRateBudget(database.jdbc(), WINDOW, 1, 5_000);
    assertThat(oneRequest.take(NOW, 2_000)).isTrue();
    assertThat(oneRequest.take(NOW, 2_000)).isFalse();

    oneRequest.giveBack(NOW, 2_000);

    assertThat(window(NOW)).containsExactly(0L, 0L);
    assertThat(oneRequest.take(NOW, 2_000)).isTrue();
  }

  @Test
  void aTakeOfMoreThanAWindowIsGivenBackAsTheWholeWindowItCountedAs() {
    assertThat(budget.take(NOW, 50_000)).isTrue();
    // What another call's answer used beyond its estimate, counted in the same window.
    budget.spent(NOW, 1_000);

    budget.giveBack(NOW, 50_000);

    assertThat(window(NOW)).containsExactly(0L, 1_000L);
    assertThat(budget.take(NOW, 4_000)).isTrue();
  }

  /** The requests and tokens the window holding {@code at} has counted. */
  private List<Long> window(Instant at) {
    return database
        .jdbc()
        .sql("SELECT requests, tokens FROM llm_rate_windows WHERE window_start_ms = :start")
        .param("start", at.toEpochMilli() / WINDOW.toMillis() * WINDOW.toMillis())
        .query((row, n) -> List.of(row.getLong(1), row.getLong(2)))
        .single();
  }
}

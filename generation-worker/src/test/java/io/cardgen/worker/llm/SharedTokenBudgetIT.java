package io.cardgen.worker.llm;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.testsupport.TestDatabase;
import java.time.Duration;
import java.time.Instant;
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
}

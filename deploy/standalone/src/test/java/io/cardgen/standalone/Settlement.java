package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.UUID;
import tools.jackson.databind.JsonNode;

/**
 * The promise of spec §3 checked over every job a stack has seen: each is either a card charged
 * exactly once or a failure with its credit released, and the audit finds no breach.
 */
final class Settlement {

  private Settlement() {}

  record JobBooks(
      UUID id,
      String idempotencyKey,
      String state,
      String creditState,
      int attempts,
      String finishedBy,
      String errorCode,
      int cards,
      int charges,
      int releases) {

    boolean chargedOnceWithItsCard() {
      return state.equals("SUCCEEDED")
          && creditState.equals("CHARGED")
          && cards == 1
          && charges == 1
          && releases == 0;
    }

    boolean failedAndReleased() {
      return state.equals("FAILED")
          && creditState.equals("RELEASED")
          && cards == 0
          && charges == 0
          && releases == 1;
    }
  }

  /** What the stack's jobs came to. */
  record Figures(int jobs, int cards, int failures, JsonNode audit) {
    @Override
    public String toString() {
      return "%d jobs: %d cards charged once, %d failures released; audit: %d breaches, charged %d, released %d"
          .formatted(
              jobs,
              cards,
              failures,
              audit.get("breaches").size(),
              audit.get("charged").asLong(),
              audit.get("released").asLong());
    }
  }

  private static final String SELECT =
      """
      SELECT j.id, j.idempotency_key, j.state, j.credit_state, j.attempts, j.finished_by,
             j.error_code,
             (SELECT count(*) FROM cards c WHERE c.job_id = j.id) AS cards,
             (SELECT count(*) FROM credit_ledger l
              WHERE l.job_id = j.id AND l.kind = 'CHARGE') AS charges,
             (SELECT count(*) FROM credit_ledger l
              WHERE l.job_id = j.id AND l.kind = 'RELEASE') AS releases
      FROM jobs j
      """;
  private static final String JOBS = SELECT + " ORDER BY j.created_at";
  private static final String BY_KEY =
      SELECT + " WHERE j.account_id = :account AND j.idempotency_key = :key";

  static List<JobBooks> jobs(TestStack stack) {
    return stack.jdbc().sql(JOBS).query(JobBooks.class).list();
  }

  static JobBooks job(TestStack stack, UUID account, String key) {
    return findJob(stack, account, key).orElseThrow();
  }

  static Optional<JobBooks> findJob(TestStack stack, UUID account, String key) {
    return stack
        .jdbc()
        .sql(BY_KEY)
        .param("account", account)
        .param("key", key)
        .query(JobBooks.class)
        .optional();
  }

  private static final List<String> AUDIT_FIGURES =
      List.of(
          "accounts",
          "credited",
          "charged",
          "released",
          "balance",
          "reserved",
          "jobs_in_progress",
          "cards");

  /**
   * Every job final and settled once, and a clean audit, full and recent alike; returns the figures
   * for printing.
   */
  static Figures assertEveryJobSettledOnce(TestStack stack) throws Exception {
    List<JobBooks> jobs = jobs(stack);
    for (JobBooks job : jobs) {
      assertThat(job.chargedOnceWithItsCard() || job.failedAndReleased())
          .as("job settled exactly once: %s", job)
          .isTrue();
    }
    JsonNode audit = stack.audit();
    assertThat(audit.get("breaches").isEmpty()).as("audit: %s", audit).isTrue();
    assertThat(audit.get("clean").asBoolean()).isTrue();
    // The timer's audit (running totals, recent jobs) must see the same books after the crashes.
    JsonNode recent = stack.audit("recent");
    assertThat(recent.get("breaches").isEmpty()).as("recent audit: %s", recent).isTrue();
    for (String figure : AUDIT_FIGURES) {
      assertThat(recent.get(figure).asLong()).as(figure).isEqualTo(audit.get(figure).asLong());
    }
    int cards = (int) jobs.stream().filter(JobBooks::chargedOnceWithItsCard).count();
    return new Figures(jobs.size(), cards, jobs.size() - cards, audit);
  }
}

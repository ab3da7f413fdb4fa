package io.cardgen.worker.job;

import io.cardgen.common.db.DurabilityBarrier;
import io.cardgen.common.stage.OldestFirstGate;
import io.cardgen.worker.card.CardInsert;
import io.cardgen.worker.llm.CardWriter;
import io.cardgen.worker.llm.LlmOutcome;
import java.time.Clock;
import java.time.temporal.ChronoUnit;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Runs one claimed job to its end: photos, the model, then one transaction that writes the card and
 * charges, or records the failure and releases. Any unexpected error hands the job back to the
 * queue (its attempt is spent), so a passing fault is retried and a persistent one runs out of
 * attempts and fails with its credit released. The work before and after the model call are
 * sections of the {@link OldestFirstGate}, queued by when the job's request arrived. The end is
 * committed without waiting for the disk and announced only after the {@link DurabilityBarrier},
 * which waits outside the gate (ADR 0033). A batch item's end is announced to nobody: its batch's
 * counts, results and webhook are read from PostgreSQL, so it neither sends a wake-up nor waits for
 * the barrier (ADR 0042, second amendment: the feeder's claims that seemed to need the barrier were
 * slowed by a plan chosen on stale statistics, which {@code JobStatistics} now refreshes).
 */
@Component
class GenerationProcessor implements JobRunner {

  private static final Logger log = LoggerFactory.getLogger(GenerationProcessor.class);

  private final JobPhotos photos;
  private final CardWriter writer;
  private final JobCompletion completion;
  private final JobClaims claims;
  private final JobNotices notices;
  private final Clock clock;
  private final OldestFirstGate gate;
  private final DurabilityBarrier durability;
  private final OrphanedPhotos orphans;

  GenerationProcessor(
      JobPhotos photos,
      CardWriter writer,
      JobCompletion completion,
      JobClaims claims,
      JobNotices notices,
      Clock clock,
      OldestFirstGate gate,
      DurabilityBarrier durability,
      OrphanedPhotos orphans) {
    this.gate = gate;
    this.orphans = orphans;
    this.durability = durability;
    this.photos = photos;
    this.writer = writer;
    this.completion = completion;
    this.claims = claims;
    this.notices = notices;
    this.clock = clock;
  }

  @Override
  public void process(ClaimedJob job, long origin, PhotoMemoryBudget.Hold memory) {
    try {
      boolean finished = finish(job, origin, memory);
      if (finished) {
        if (job.batchId() == null) {
          durability.await();
          notices.finished(job.id());
        }
      } else {
        log.info(
            "Job {} was taken over before it finished here; no card or credit written", job.id());
      }
    } catch (RuntimeException unexpected) {
      // An interrupt is a worker stopping past its drain: the job is given back, not failed, and
      // the flag is cleared for that one statement (a connection is not had on an interrupted
      // thread) and set again after it.
      boolean interrupted = Thread.interrupted();
      if (interrupted) {
        log.info("Job {} attempt {} interrupted; handing it back", job.id(), job.attempt());
      } else {
        log.error("Job {} attempt {} broke; handing it back", job.id(), job.attempt(), unexpected);
      }
      try {
        claims.requeue(job, clock.instant());
      } finally {
        if (interrupted) {
          Thread.currentThread().interrupt();
        }
      }
    }
  }

  private boolean finish(ClaimedJob job, long origin, PhotoMemoryBudget.Hold memory) {
    JobPhotos.Loaded loaded = gate.run(origin, () -> photos.load(job, memory));
    if (loaded instanceof JobPhotos.Unusable unusable) {
      return gate.run(origin, () -> completion.fail(job, unusable.code(), unusable.detail()));
    }
    JobPhotos.Ready ready = (JobPhotos.Ready) loaded;
    boolean ended = end(job, origin, ready);
    if (!ended) {
      queueOrphans(job, ready);
    }
    return ended;
  }

  private boolean end(ClaimedJob job, long origin, JobPhotos.Ready ready) {
    LlmOutcome outcome = writer.write(job.spec(), ready.inputs());
    if (outcome instanceof LlmOutcome.Failed failed) {
      log.info("Job {} failed: {} ({})", job.id(), failed.code().code(), failed.detail());
      return gate.run(origin, () -> completion.fail(job, failed.code()));
    }
    LlmOutcome.Generated generated = (LlmOutcome.Generated) outcome;
    CardInsert.NewCard card =
        new CardInsert.NewCard(
            UUID.randomUUID(),
            job.id(),
            job.accountId(),
            job.spec().style(),
            generated.content(),
            ready.keys(),
            generated.promptVersion(),
            generated.promptTokens(),
            generated.completionTokens(),
            clock.instant().truncatedTo(ChronoUnit.MICROS));
    return gate.run(origin, () -> completion.succeed(job, card));
  }

  /** Best effort: the key's retention removes them in the end anyway. */
  private void queueOrphans(ClaimedJob job, JobPhotos.Ready ready) {
    try {
      int queued = orphans.queueIfUnwanted(job.id(), ready.keys());
      if (queued > 0) {
        log.info("Job {} is gone or its card deleted; its {} photos are queued", job.id(), queued);
      }
    } catch (RuntimeException failure) {
      log.warn("Job {}'s photos could not be queued for removal: {}", job.id(), failure.toString());
    }
  }
}

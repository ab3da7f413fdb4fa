package io.cardgen.worker.webhook;

import io.cardgen.common.webhook.UnreadableSecretException;
import io.cardgen.common.webhook.WebhookSecret;
import io.cardgen.worker.webhook.WebhookMetrics.Outcome;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Turns outbox rows into signed POSTs (batch-api §7). Every worker runs one; the claim splits due
 * rows between them and a lease hands a dead deliverer's row to another. At least once: a receiver
 * that got a request but whose answer was lost gets it again, with the same {@code webhook-id}.
 *
 * <p>Logs name the delivery and the receiver's host, never the payload, the URL's path or query
 * (which may carry a receiver's token) or the secret. An account whose secret cannot be opened
 * (sealed under a key this worker was not given) has its attempt failed and retried like any other,
 * with a warning that says why; nothing is sent unsigned.
 *
 * <p>It polls on a thread of its own, not on Spring's scheduler: an attempt waits for its receiver
 * (up to the timeout), and the scheduler's one thread for fixed-delay tasks also runs the sweeper,
 * whose lease recovery the synchronous endpoint's timers count on. Receivers that do not answer
 * would otherwise hold the sweeps back.
 */
class WebhookDeliverer implements SmartLifecycle, AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(WebhookDeliverer.class);
  private static final Duration PENDING_COUNT_EVERY = Duration.ofSeconds(15);

  private final WebhookOutbox outbox;
  private final SigningSecrets secrets;
  private final WebhookSender sender;
  private final RetrySchedule schedule;
  private final WebhookMetrics metrics;
  private final WebhookProperties properties;
  private final ExecutorService threads;
  private final Clock clock;
  private Instant pendingCountedAt = Instant.MIN;
  private final String owner = "webhooks-" + UUID.randomUUID();
  // Attempts under way at most, as the threads: a slot is taken at the claim, freed at the end.
  private final Semaphore slots;
  private ScheduledExecutorService poller;

  WebhookDeliverer(
      WebhookOutbox outbox,
      SigningSecrets secrets,
      WebhookSender sender,
      RetrySchedule schedule,
      WebhookMetrics metrics,
      WebhookProperties properties,
      ExecutorService threads,
      Clock clock) {
    this.outbox = outbox;
    this.secrets = secrets;
    this.sender = sender;
    this.schedule = schedule;
    this.metrics = metrics;
    this.properties = properties;
    this.threads = threads;
    this.clock = clock;
    this.slots = new Semaphore(properties.maxConcurrent());
  }

  @Override
  public synchronized void start() {
    if (poller == null) {
      poller =
          Executors.newSingleThreadScheduledExecutor(
              task -> {
                Thread thread = new Thread(task, "webhook-poller");
                thread.setDaemon(true);
                return thread;
              });
      long interval = properties.pollInterval().toMillis();
      poller.scheduleWithFixedDelay(this::poll, interval, interval, TimeUnit.MILLISECONDS);
    }
  }

  /** Stops polling; an attempt under way ends on its own (its row's lease covers it). */
  @Override
  public synchronized void stop() {
    if (poller != null) {
      poller.shutdown();
      poller = null;
    }
  }

  @Override
  public synchronized boolean isRunning() {
    return poller != null;
  }

  void poll() {
    if (!properties.enabled()) {
      return;
    }
    try {
      while (startDue().full()) {
        // every free slot found a row: more may be due, no need to wait for the next poll
      }
      countPendingNowAndThen();
    } catch (RuntimeException failure) {
      // The class only: a database error's detail can quote a row, and rows hold payloads.
      log.warn("Webhook poll failed, the next one retries: {}", failure.getClass().getName());
    }
  }

  /**
   * The gauge of pending rows, counted every {@link #PENDING_COUNT_EVERY} rather than every poll:
   * the count reads every pending row, about 19 ms with a backlog of 200 000, on every worker each
   * second, where a scrape every 15 s reads it. Rows being attempted count: they stay pending until
   * their attempt ends.
   */
  private void countPendingNowAndThen() {
    Instant now = clock.instant();
    if (!now.isBefore(pendingCountedAt.plus(PENDING_COUNT_EVERY))) {
      metrics.pending(outbox.pending());
      pendingCountedAt = now;
    }
  }

  /** Claims what is due for the free slots, makes one attempt at each and waits for them. */
  int deliverDue() {
    Started started = startDue();
    CompletableFuture.allOf(started.attempts().toArray(CompletableFuture[]::new)).join();
    metrics.pending(outbox.pending());
    return started.attempts().size();
  }

  /** The attempts one claim started, and whether it filled every slot that was free. */
  record Started(List<CompletableFuture<Void>> attempts, boolean full) {}

  /**
   * Claims what is due for the slots free now and starts one attempt at each; an attempt frees its
   * slot when it ends. Not waiting for a whole round keeps one receiver that does not answer from
   * holding up the retries of all others until its timeout.
   */
  Started startDue() {
    int free = slots.drainPermits();
    if (free == 0) {
      return new Started(List.of(), false);
    }
    Instant now = clock.instant();
    List<DueWebhook> due;
    try {
      due = outbox.claim(owner, now, now.plus(properties.lease()), free);
    } catch (RuntimeException failure) {
      slots.release(free);
      throw failure;
    }
    slots.release(free - due.size());
    List<CompletableFuture<Void>> attempts =
        due.stream()
            .map(
                delivery ->
                    CompletableFuture.runAsync(() -> attempt(delivery), threads)
                        .whenComplete((done, failure) -> slots.release()))
            .toList();
    return new Started(attempts, due.size() == free);
  }

  @Override
  public void close() {
    stop();
    threads.shutdownNow();
    sender.close();
  }

  private void attempt(DueWebhook delivery) {
    AttemptOutcome outcome;
    try {
      outcome = exchange(delivery);
    } catch (RuntimeException failure) {
      // Counted as a failed attempt, so the retry schedule ends one that fails the same way every
      // time (a request the client cannot build); nothing here may leak the payload.
      log.warn(
          "Webhook {} attempt failed unexpectedly: {}", delivery, failure.getClass().getName());
      outcome =
          new AttemptOutcome.Failed(
              null, "the attempt failed: " + failure.getClass().getSimpleName());
    }
    try {
      record(delivery, outcome);
    } catch (RuntimeException failure) {
      // The lease runs out and another attempt follows.
      log.warn(
          "Webhook {} attempt could not be recorded: {}", delivery, failure.getClass().getName());
    }
  }

  private AttemptOutcome exchange(DueWebhook delivery) {
    Instant now = clock.instant();
    long timestamp = now.getEpochSecond();
    List<WebhookSecret> signing;
    try {
      signing = secrets.signingAt(delivery.accountId(), now);
    } catch (UnreadableSecretException unreadable) {
      return new AttemptOutcome.Unsigned(unreadable.getMessage());
    }
    Map<String, String> headers =
        Map.of(
            "webhook-id", delivery.id().toString(),
            "webhook-timestamp", Long.toString(timestamp),
            "webhook-signature",
                WebhookSignature.header(
                    signing, delivery.id().toString(), timestamp, delivery.payload()));
    long started = System.nanoTime();
    AttemptOutcome outcome =
        sender.send(delivery.accountId(), delivery.url(), headers, delivery.payload());
    if (!(outcome instanceof AttemptOutcome.RefusedAddress)) {
      metrics.exchanged(Duration.ofNanos(System.nanoTime() - started));
    }
    return outcome;
  }

  private void record(DueWebhook delivery, AttemptOutcome outcome) {
    Instant now = clock.instant();
    if (outcome instanceof AttemptOutcome.Delivered delivered) {
      if (outbox.delivered(delivery, owner, delivered.status(), now)) {
        metrics.attempted(Outcome.DELIVERED);
      }
      return;
    }
    Integer status = outcome instanceof AttemptOutcome.Failed failed ? failed.status() : null;
    String reason = reasonOf(outcome);
    Optional<Instant> next = schedule.next(delivery.attempt(), delivery.createdAt(), now);
    if (next.isEmpty()) {
      if (outbox.giveUp(delivery, owner, status, reason, now)) {
        metrics.attempted(Outcome.GAVE_UP);
        log.warn("Webhook {} gave up: {}", delivery, reason);
      }
      return;
    }
    if (outbox.retryAt(delivery, owner, next.get(), status, reason)) {
      if (outcome instanceof AttemptOutcome.Unsigned) {
        // An operator's mistake, not a receiver's: said louder than a receiver's failure.
        metrics.attempted(Outcome.UNSIGNED);
        log.warn("Webhook {} not sent ({}); next attempt at {}", delivery, reason, next.get());
        return;
      }
      metrics.attempted(
          outcome instanceof AttemptOutcome.RefusedAddress
              ? Outcome.REFUSED_ADDRESS
              : Outcome.RETRIED);
      log.info("Webhook {} failed ({}); next attempt at {}", delivery, reason, next.get());
    }
  }

  private static String reasonOf(AttemptOutcome outcome) {
    if (outcome instanceof AttemptOutcome.Failed failed) {
      return failed.reason();
    }
    if (outcome instanceof AttemptOutcome.Unsigned unsigned) {
      return "not signed: " + unsigned.reason();
    }
    return "address refused: " + ((AttemptOutcome.RefusedAddress) outcome).reason();
  }
}

package io.cardgen.worker.job;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How a worker takes and keeps jobs. Timers are ordered: LLM timeout &lt; lease &lt; lease + grace
 * (when the sweeper takes a job back) &lt; the gateway's reply timeout &lt; key retention.
 *
 * @param maxInFlight jobs processed at once; the consumer polls only while fewer are running. Each
 *     waits on the LLM nearly all the time, so a thousand cost little (ADR 0010)
 * @param consumers share-consumer threads; each only claims and hands off, so few are needed
 * @param lease how long a claimed job belongs to this worker
 * @param sweeperGrace how long past its lease a job waits before the sweeper takes it back
 * @param maxAttempts claims per job before it fails with its credit released
 * @param republishAfter a queued job published this long ago without a claim is published again
 */
@ConfigurationProperties("cardgen.worker")
public record WorkerProperties(
    @DefaultValue("1000") int maxInFlight,
    @DefaultValue("1") int consumers,
    @DefaultValue("10") int maxPollRecords,
    @DefaultValue("120s") Duration lease,
    @DefaultValue("10s") Duration sweeperGrace,
    @DefaultValue("3") int maxAttempts,
    @DefaultValue("5s") Duration sweepInterval,
    @DefaultValue("5s") Duration unpublishedAfter,
    @DefaultValue("60s") Duration republishAfter,
    String workerId) {}

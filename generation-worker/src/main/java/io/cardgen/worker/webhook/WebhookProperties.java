package io.cardgen.worker.webhook;

import io.cardgen.common.net.Cidr;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Delivery of signed webhooks from the outbox ({@code cardgen.webhooks.*}, batch-api §7).
 *
 * @param enabled whether this worker delivers webhooks at all
 * @param pollInterval pause between two looks for due deliveries
 * @param maxConcurrent deliveries claimed and sent at once by this worker
 * @param maxConcurrentPerAccount deliveries of one account under way at once on all workers
 *     together, so that one account's receiver that does not answer cannot hold every slot (ADR
 *     0055)
 * @param timeout the whole of one attempt: connecting, sending, waiting for the status line
 * @param lease how long a claimed delivery belongs to this worker; when it runs out (the worker
 *     died mid-attempt) another worker retries it. Longer than {@code timeout}
 * @param firstRetry nominal delay before the first retry; each later one doubles it, each drawn
 *     between half and all of the nominal delay (jitter)
 * @param maxRetryDelay the cap of the doubling
 * @param retryFor how long after the event failed attempts are retried before the delivery gives up
 * @param privateHostAllowlist IPs or CIDRs webhooks may reach although they are not public, and the
 *     only ones plain http may reach (from {@code CARDGEN_WEBHOOKS_PRIVATE_HOST_ALLOWLIST},
 *     comma-separated)
 */
@ConfigurationProperties("cardgen.webhooks")
record WebhookProperties(
    @DefaultValue("true") boolean enabled,
    @DefaultValue("1s") Duration pollInterval,
    @DefaultValue("8") int maxConcurrent,
    @DefaultValue("4") int maxConcurrentPerAccount,
    @DefaultValue("10s") Duration timeout,
    @DefaultValue("60s") Duration lease,
    @DefaultValue("5s") Duration firstRetry,
    @DefaultValue("1h") Duration maxRetryDelay,
    @DefaultValue("25h") Duration retryFor,
    @DefaultValue List<String> privateHostAllowlist) {

  // The spec promises the first retry within 10 s and retries for at least 24 h.
  private static final Duration SPEC_FIRST_RETRY = Duration.ofSeconds(10);
  private static final Duration SPEC_RETRY_FOR = Duration.ofHours(24);
  // Room past the attempt's timeout for reading the secret and writing the outcome.
  private static final Duration LEASE_MARGIN = Duration.ofSeconds(10);

  WebhookProperties {
    privateHostAllowlist = Cidr.allowlist(privateHostAllowlist);
    for (Duration duration : List.of(pollInterval, timeout, lease, firstRetry, maxRetryDelay)) {
      if (duration.isNegative() || duration.isZero()) {
        throw new IllegalArgumentException("cardgen.webhooks durations must be positive");
      }
    }
    if (maxConcurrent < 1) {
      throw new IllegalArgumentException("cardgen.webhooks.max-concurrent must be at least 1");
    }
    if (maxConcurrentPerAccount < 1) {
      throw new IllegalArgumentException(
          "cardgen.webhooks.max-concurrent-per-account must be at least 1");
    }
    if (lease.compareTo(timeout.plus(LEASE_MARGIN)) < 0) {
      throw new IllegalArgumentException(
          "cardgen.webhooks.lease must exceed the timeout by at least " + LEASE_MARGIN);
    }
    if (firstRetry.compareTo(SPEC_FIRST_RETRY) > 0 || firstRetry.compareTo(maxRetryDelay) > 0) {
      throw new IllegalArgumentException(
          "cardgen.webhooks.first-retry must be at most 10s and at most max-retry-delay");
    }
    if (retryFor.compareTo(SPEC_RETRY_FOR) < 0) {
      throw new IllegalArgumentException("cardgen.webhooks.retry-for must be at least 24h");
    }
  }

  List<Cidr> allowlist() {
    return privateHostAllowlist.stream().map(Cidr::parse).toList();
  }
}

package io.cardgen.worker.llm;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The provider's latency histogram covers every call an attempt allows, not just 30 s. */
class LlmRequestTimerTest {

  @Test
  void aSlowCallLandsInABucketBelowTheAttemptTimeout() {
    // The registry the worker publishes with: a simple one keeps no histogram buckets.
    MeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    LlmRequestTimer requests = new LlmRequestTimer(registry, Duration.ofSeconds(60));
    Timer success = registry.get(LlmRequestTimer.NAME).tag("outcome", "success").timer();

    success.record(Duration.ofSeconds(50));

    CountAtBucket[] buckets = success.takeSnapshot().histogramCounts();
    assertThat(buckets[buckets.length - 1].bucket(TimeUnit.SECONDS)).isGreaterThanOrEqualTo(60);
    CountAtBucket firstHolding =
        Arrays.stream(buckets).filter(bucket -> bucket.count() > 0).findFirst().orElseThrow();
    assertThat(firstHolding.bucket(TimeUnit.SECONDS)).isBetween(50.0, 60.0);
    assertThat(requests).isNotNull();
  }
}

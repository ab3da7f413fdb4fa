package io.cardgen.worker.batch;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.distribution.CountAtBucket;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A batch item's latency, from its batch's creation to its end, is minutes to hours for a big
 * batch: the histogram resolves it instead of putting everything past 30 s into +Inf.
 */
class BatchProgressHistogramTest {

  @Test
  void anItemEndingHoursAfterItsBatchLandsInAFiniteBucket() {
    // The registry the worker publishes with: a simple one keeps no histogram buckets.
    MeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    new BatchProgress(null, null, Clock.systemUTC(), registry);
    Timer latency = registry.get("cardgen.batch.item.latency").timer();

    latency.record(Duration.ofHours(3));

    CountAtBucket[] buckets = latency.takeSnapshot().histogramCounts();
    assertThat(buckets[0].bucket(TimeUnit.SECONDS)).isGreaterThanOrEqualTo(1);
    assertThat(buckets[buckets.length - 1].bucket(TimeUnit.HOURS)).isGreaterThanOrEqualTo(24);
    CountAtBucket firstHolding =
        Arrays.stream(buckets).filter(bucket -> bucket.count() > 0).findFirst().orElseThrow();
    assertThat(firstHolding.bucket(TimeUnit.HOURS)).isBetween(3.0, 4.5);
    assertThat(buckets.length).as("series per worker").isLessThan(80);
  }
}

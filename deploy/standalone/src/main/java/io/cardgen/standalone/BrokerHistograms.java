package io.cardgen.standalone;

import com.yammer.metrics.core.Histogram;
import com.yammer.metrics.core.Metric;
import com.yammer.metrics.core.MetricName;
import com.yammer.metrics.core.MetricsRegistry;
import com.yammer.metrics.core.MetricsRegistryListener;
import com.yammer.metrics.core.Timer;
import com.yammer.metrics.stats.UniformSample;
import java.lang.reflect.Field;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.kafka.server.metrics.KafkaYammerMetrics;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Gives the embedded broker's histograms a uniform reservoir instead of Kafka's exponentially
 * decaying one (ADR 0030).
 *
 * <p>The broker keeps about ten metrics-core 2.2 histograms per request type (queue, local, remote
 * and total time, bytes…) and updates most of them for every request. The decaying reservoir is a
 * skip list holding the last ~1 028 samples, and every update allocates a node, an index and a
 * boxed key for it; at a few requests a second a sample lives for minutes, so it survives young
 * collections, is copied from survivor space to survivor space and promoted, and the old generation
 * then needs mixed collections to get rid of it. In the standalone the broker shares the service's
 * heap: at 20 concurrent cards these samples were 40 % of the bytes G1 copied in a young pause. A
 * uniform reservoir is one fixed array of longs: nothing is allocated per update. Its percentiles
 * describe the broker's whole run instead of its last minutes, which nobody reads here; a broker of
 * a real deployment runs in its own JVM and is not touched.
 *
 * <p>metrics-core has no setting for this, so the reservoir is swapped in as each histogram is
 * registered. If a later JDK refuses that reflective write, the broker keeps its own reservoirs.
 */
final class BrokerHistograms implements MetricsRegistryListener {

  private static final Logger log = LoggerFactory.getLogger(BrokerHistograms.class);
  private static final AtomicBoolean installedOnBroker = new AtomicBoolean();

  /** metrics-core's own reservoir size: ~99.9 % confidence of ±5 % on the quantiles. */
  static final int RESERVOIR_SIZE = 1028;

  private final Field histogramSample;
  private final Field timerHistogram;
  private volatile boolean enabled = true;

  private BrokerHistograms(Field histogramSample, Field timerHistogram) {
    this.histogramSample = histogramSample;
    this.timerHistogram = timerHistogram;
  }

  /** Installs on the registry every broker of this JVM uses; once, however many brokers start. */
  static void installOnBroker() {
    if (installedOnBroker.compareAndSet(false, true)) {
      installOn(KafkaYammerMetrics.defaultRegistry());
    }
  }

  /**
   * Makes every histogram and timer of {@code registry}, present and future, sample uniformly.
   * Returns false, changing nothing, when the JVM does not allow it.
   */
  static boolean installOn(MetricsRegistry registry) {
    BrokerHistograms histograms;
    try {
      Field sample = Histogram.class.getDeclaredField("sample");
      Field histogram = Timer.class.getDeclaredField("histogram");
      sample.setAccessible(true);
      histogram.setAccessible(true);
      histograms = new BrokerHistograms(sample, histogram);
    } catch (ReflectiveOperationException | RuntimeException refused) {
      log.info("The embedded broker keeps its decaying histograms: {}", refused.toString());
      return false;
    }
    // metrics-core tells a new listener of the metrics already registered, then of each new one.
    registry.addListener(histograms);
    return histograms.enabled;
  }

  @Override
  public void onMetricAdded(MetricName name, Metric metric) {
    if (!enabled) {
      return;
    }
    try {
      if (metric instanceof Histogram histogram) {
        makeUniform(histogram);
      } else if (metric instanceof Timer timer) {
        makeUniform((Histogram) timerHistogram.get(timer));
      }
    } catch (ReflectiveOperationException | RuntimeException refused) {
      enabled = false;
      log.info("The embedded broker keeps its decaying histograms: {}", refused.toString());
    }
  }

  private void makeUniform(Histogram histogram) throws IllegalAccessException {
    if (!(histogramSample.get(histogram) instanceof UniformSample)) {
      // From the listener the histogram is registered but not yet returned to Kafka, so no update
      // is lost; one converted at installation may lose an update racing with it, which is moot.
      histogramSample.set(histogram, new UniformSample(RESERVOIR_SIZE));
    }
  }

  @Override
  public void onMetricRemoved(MetricName name) {
    // Nothing to undo.
  }
}

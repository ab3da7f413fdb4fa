package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import com.yammer.metrics.core.Histogram;
import com.yammer.metrics.core.MetricName;
import com.yammer.metrics.core.MetricsRegistry;
import com.yammer.metrics.core.Timer;
import com.yammer.metrics.stats.ExponentiallyDecayingSample;
import com.yammer.metrics.stats.Sample;
import com.yammer.metrics.stats.UniformSample;
import java.lang.reflect.Field;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BrokerHistogramsTest {

  private final MetricsRegistry registry = new MetricsRegistry();

  @AfterEach
  void stopTheRegistrysThreads() {
    registry.shutdown();
  }

  @Test
  void histogramsRegisteredLaterSampleUniformlyAndStillRecord() throws Exception {
    assertThat(BrokerHistograms.installOn(registry)).isTrue();

    Histogram histogram = registry.newHistogram(name("TotalTimeMs"), true);
    for (int value = 1; value <= 100; value++) {
      histogram.update(value);
    }

    assertThat(sampleOf(histogram)).isInstanceOf(UniformSample.class);
    assertThat(histogram.count()).isEqualTo(100);
    assertThat(histogram.getSnapshot().getMedian()).isBetween(50.0, 51.0);
    assertThat(histogram.getSnapshot().size()).isEqualTo(100);
  }

  @Test
  void histogramsAlreadyRegisteredAreConvertedToo() throws Exception {
    Histogram before = registry.newHistogram(name("RequestQueueTimeMs"), true);
    assertThat(sampleOf(before)).isInstanceOf(ExponentiallyDecayingSample.class);

    BrokerHistograms.installOn(registry);

    assertThat(sampleOf(before)).isInstanceOf(UniformSample.class);
  }

  @Test
  void timersSampleUniformly() throws Exception {
    BrokerHistograms.installOn(registry);

    Timer timer =
        registry.newTimer(name("LogFlushRateAndTimeMs"), TimeUnit.MILLISECONDS, TimeUnit.SECONDS);
    timer.update(5, TimeUnit.MILLISECONDS);

    Field histogram = Timer.class.getDeclaredField("histogram");
    histogram.setAccessible(true);
    assertThat(sampleOf((Histogram) histogram.get(timer))).isInstanceOf(UniformSample.class);
    assertThat(timer.count()).isEqualTo(1);
  }

  private static MetricName name(String name) {
    return new MetricName("kafka.network", "RequestMetrics", name, "Produce");
  }

  static Sample sampleOf(Histogram histogram) throws ReflectiveOperationException {
    Field sample = Histogram.class.getDeclaredField("sample");
    sample.setAccessible(true);
    return (Sample) sample.get(histogram);
  }
}

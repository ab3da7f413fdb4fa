package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import com.yammer.metrics.core.Histogram;
import com.yammer.metrics.core.MetricName;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.kafka.server.metrics.KafkaYammerMetrics;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The embedded broker of a running stack records its request times in uniform reservoirs (ADR
 * 0030), so a request allocates nothing that outlives a young collection.
 */
class BrokerHistogramsIT {

  private static Map<MetricName, Histogram> histograms;

  @BeforeAll
  static void startStack() throws Exception {
    SharedStack.get();
    histograms =
        KafkaYammerMetrics.defaultRegistry().allMetrics().entrySet().stream()
            .filter(metric -> metric.getValue() instanceof Histogram)
            .collect(Collectors.toMap(Map.Entry::getKey, metric -> (Histogram) metric.getValue()));
  }

  @Test
  void everyBrokerHistogramSamplesUniformly() throws Exception {
    assertThat(histograms).hasSizeGreaterThan(50);
    for (Map.Entry<MetricName, Histogram> histogram : histograms.entrySet()) {
      assertThat(BrokerHistogramsTest.sampleOf(histogram.getValue()))
          .as(histogram.getKey().toString())
          .isInstanceOf(com.yammer.metrics.stats.UniformSample.class);
    }
  }

  @Test
  void theBrokersRequestTimesAreStillRecorded() {
    long requests =
        histograms.entrySet().stream()
            .filter(histogram -> histogram.getKey().getName().equals("TotalTimeMs"))
            .mapToLong(histogram -> histogram.getValue().count())
            .sum();
    assertThat(requests).isPositive();
  }
}

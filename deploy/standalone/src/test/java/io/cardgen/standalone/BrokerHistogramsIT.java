package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import com.yammer.metrics.core.Histogram;
import com.yammer.metrics.core.MetricName;
import com.yammer.metrics.stats.UniformSample;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.server.metrics.KafkaYammerMetrics;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An embedded broker records its request times in uniform reservoirs (ADR 0030), so a request
 * allocates nothing that outlives a young collection. The test starts a broker of its own: the
 * brokers of one JVM share Kafka's metrics registry, and one that stops removes its metrics' names
 * from it, so what other tests' stacks left there depends on their order.
 */
class BrokerHistogramsIT {

  @TempDir static Path logDir;

  private static EmbeddedKafka broker;
  private static Map<MetricName, Histogram> histograms;

  @BeforeAll
  static void startBrokerAndAskIt() throws Exception {
    broker = EmbeddedKafka.start(logDir, 0, "broker-histograms-it-password");
    try (Admin admin = Admin.create(broker.clientProperties())) {
      admin.describeCluster().nodes().get(60, TimeUnit.SECONDS);
    }
    histograms =
        KafkaYammerMetrics.defaultRegistry().allMetrics().entrySet().stream()
            .filter(metric -> metric.getValue() instanceof Histogram)
            .collect(Collectors.toMap(Map.Entry::getKey, metric -> (Histogram) metric.getValue()));
  }

  @AfterAll
  static void stopBroker() {
    broker.close();
  }

  @Test
  void everyBrokerHistogramSamplesUniformly() throws Exception {
    assertThat(histograms).hasSizeGreaterThan(50);
    for (Map.Entry<MetricName, Histogram> histogram : histograms.entrySet()) {
      assertThat(BrokerHistogramsTest.sampleOf(histogram.getValue()))
          .as(histogram.getKey().toString())
          .isInstanceOf(UniformSample.class);
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

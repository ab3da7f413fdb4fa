package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cardgen.common.stage.OldestFirstGate;
import io.cardgen.common.wire.JobOrigin;
import io.cardgen.common.wire.Topics;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.header.Header;
import org.junit.jupiter.api.Test;

/** ADR 0027 through the running standalone: one gate for both contexts, the origin on the job. */
class OldestFirstIT {

  @Test
  void theGatewayAndTheWorkerQueueAtOneGate() throws Exception {
    TestStack stack = SharedStack.get();
    OldestFirstGate gateway = stack.app.gateway().getBean(OldestFirstGate.class);
    OldestFirstGate worker = stack.app.worker().getBean(OldestFirstGate.class);
    assertThat(gateway).isSameAs(worker);
    assertThat(gateway.permits()).isEqualTo(2 * Runtime.getRuntime().availableProcessors());
  }

  @Test
  void aJobRecordCarriesWhenItsRequestReachedTheGateway() throws Exception {
    TestStack stack = SharedStack.get();
    String key = "oldest-first-origin-1";
    long before = OldestFirstGate.originNow();
    TestStack.Response answer =
        stack.generate(stack.demoKey(), key, RequestBodies.aRequest().json());
    long after = OldestFirstGate.originNow();
    assertThat(answer.status()).as("%s", answer).isEqualTo(200);

    Header header = jobRecord(stack, key).headers().lastHeader(JobOrigin.HEADER);
    assertThat(header).as("the %s header", JobOrigin.HEADER).isNotNull();
    OptionalLong origin = JobOrigin.decode(header.value());
    assertThat(origin).isPresent();
    assertThat(origin.getAsLong()).isBetween(before, after);
  }

  /** The job's record read back from the topic, outside the workers' share group. */
  private static ConsumerRecord<String, String> jobRecord(TestStack stack, String key) {
    try (KafkaConsumer<String, String> consumer =
        TopicConsumers.fromBeginning(stack, Topics.JOBS)) {
      return await("the job record of " + key)
          .atMost(Duration.ofSeconds(30))
          .until(() -> find(consumer, key), Optional::isPresent)
          .orElseThrow();
    }
  }

  private static Optional<ConsumerRecord<String, String>> find(
      KafkaConsumer<String, String> consumer, String key) {
    for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
      if (key.equals(record.key())) {
        return Optional.of(record);
      }
    }
    return Optional.empty();
  }
}

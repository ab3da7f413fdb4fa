package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cardgen.common.reply.InProcessReplies;
import io.cardgen.common.wire.JobReply;
import io.cardgen.common.wire.Topics;
import io.cardgen.common.wire.WireJson;
import io.cardgen.worker.WorkerApplication;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Two workers in one share group both take jobs: each may run two at a time, so sixteen parallel
 * requests cannot all land on one of them unless the other never polls. The standalone's own worker
 * announces its jobs to the gateway in the same JVM; the second, a context without a gateway,
 * announces its jobs through {@code cardgen.replies} (ADR 0034).
 */
class TwoWorkersIT {

  private static final int REQUESTS = 16;

  @Test
  void bothWorkersOfTheShareGroupTakeJobs() throws Exception {
    try (TestStack stack =
        TestStack.start(
            Map.of("CARDGEN_SIMULATOR_LATENCY_MS", "300"),
            "--cardgen.worker.worker-id=first",
            "--cardgen.worker.max-in-flight=2",
            // The finished-job check wakes any waiter whose job it finds finished; run between a
            // worker's commit and its wake-up, it answered a first-worker job itself, and that
            // wake-up went to Kafka: the counts below then missed one (CI, stop 43).
            "--cardgen.reply.check-interval=1h")) {
      List<String> args = new ArrayList<>(stack.serviceArguments());
      args.addAll(
          List.of(
              "--server.port=0",
              "--cardgen.worker.worker-id=second",
              "--cardgen.worker.max-in-flight=2"));
      try (ConfigurableApplicationContext second =
          WorkerApplication.run(args.toArray(String[]::new))) {
        ShareGroupMembers.awaitAllFetching(stack, 2);
        List<Integer> statuses = sendInParallel(stack);

        assertThat(statuses).containsOnly(200);
        List<String> finishers =
            stack
                .jdbc()
                .sql("SELECT DISTINCT split_part(finished_by, '-', 1) FROM jobs")
                .query(String.class)
                .list();
        System.out.println("Jobs were finished by: " + finishers);
        assertThat(finishers).containsExactlyInAnyOrder("first", "second");

        Set<UUID> bySecond = finishedBy(stack, "second");
        Set<UUID> byFirst = finishedBy(stack, "first");
        // The counter moves just after the waiter is woken, so a client can hold its answer first.
        InProcessReplies inProcess = stack.app.worker().getBean(InProcessReplies.class);
        await("wake-ups the standalone's worker handed over in-process")
            .atMost(Duration.ofSeconds(10))
            .until(inProcess::delivered, delivered -> delivered == byFirst.size());
        assertThat(second.getBean(InProcessReplies.class).delivered()).isZero();
        Set<UUID> replied =
            await("replies on the topic for the second worker's jobs")
                .atMost(Duration.ofSeconds(30))
                .until(() -> repliesOnTopic(stack), ids -> ids.containsAll(bySecond));
        assertThat(replied).doesNotContainAnyElementsOf(byFirst);
      }
    }
  }

  private static Set<UUID> finishedBy(TestStack stack, String worker) {
    return Set.copyOf(
        stack
            .jdbc()
            .sql("SELECT id FROM jobs WHERE split_part(finished_by, '-', 1) = :worker")
            .param("worker", worker)
            .query(UUID.class)
            .list());
  }

  /** The job ids of every reply on the topic so far, read outside any group. */
  private static Set<UUID> repliesOnTopic(TestStack stack) {
    try (KafkaConsumer<String, String> consumer =
        TopicConsumers.fromBeginning(stack, Topics.REPLIES)) {
      Map<TopicPartition, Long> ends = consumer.endOffsets(consumer.assignment());
      Set<UUID> ids = new HashSet<>();
      while (ends.entrySet().stream().anyMatch(e -> consumer.position(e.getKey()) < e.getValue())) {
        for (ConsumerRecord<String, String> record : consumer.poll(Duration.ofMillis(500))) {
          ids.add(WireJson.read(record.value(), JobReply.class).jobId());
        }
      }
      return ids;
    }
  }

  private static List<Integer> sendInParallel(TestStack stack) throws Exception {
    ExecutorService clients = Executors.newFixedThreadPool(REQUESTS);
    try {
      List<Future<Integer>> answers = new ArrayList<>();
      for (int index = 0; index < REQUESTS; index++) {
        String key = "parallel-" + index;
        String body = PipelineIT.request("Плед из шерсти мериноса номер " + index, 300);
        answers.add(clients.submit(() -> stack.generate(stack.demoKey(), key, body).status()));
      }
      List<Integer> statuses = new ArrayList<>();
      for (Future<Integer> answer : answers) {
        statuses.add(answer.get());
      }
      return statuses;
    } finally {
      clients.shutdownNow();
    }
  }
}

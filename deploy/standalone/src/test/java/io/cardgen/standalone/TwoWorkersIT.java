package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.worker.WorkerApplication;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Two workers in one share group both take jobs: each may run two at a time, so sixteen parallel
 * requests cannot all land on one of them unless the other never polls.
 */
class TwoWorkersIT {

  private static final int REQUESTS = 16;

  @Test
  void bothWorkersOfTheShareGroupTakeJobs() throws Exception {
    try (TestStack stack =
        TestStack.start(
            Map.of("CARDGEN_SIMULATOR_LATENCY_MS", "300"),
            "--cardgen.worker.worker-id=first",
            "--cardgen.worker.max-in-flight=2")) {
      List<String> args = new ArrayList<>(stack.serviceArguments());
      args.addAll(
          List.of(
              "--server.port=0",
              "--cardgen.worker.worker-id=second",
              "--cardgen.worker.max-in-flight=2"));
      try (ConfigurableApplicationContext second =
          WorkerApplication.run(args.toArray(String[]::new))) {
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
      }
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

package io.cardgen.standalone;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Sends card requests all at once, one client thread each, and collects the statuses. */
final class ParallelCards {

  private ParallelCards() {}

  /** {@code bodies} by idempotency key; the statuses come back in no particular order. */
  static List<Integer> send(TestStack stack, Map<String, String> bodies) throws Exception {
    ExecutorService clients = Executors.newFixedThreadPool(bodies.size());
    try {
      List<Future<Integer>> answers = new ArrayList<>();
      bodies.forEach(
          (key, body) ->
              answers.add(
                  clients.submit(() -> stack.generate(stack.demoKey(), key, body).status())));
      List<Integer> statuses = new ArrayList<>();
      for (Future<Integer> answer : answers) {
        statuses.add(answer.get());
      }
      return statuses;
    } finally {
      clients.shutdownNow();
    }
  }

  /** {@code count} plain cards with distinct descriptions. */
  static Map<String, String> plain(String keyPrefix, int count) {
    Map<String, String> bodies = new java.util.LinkedHashMap<>();
    for (int index = 0; index < count; index++) {
      bodies.put(keyPrefix + index, PipelineIT.request("Шерстяной плед номер " + index, 300));
    }
    return bodies;
  }
}

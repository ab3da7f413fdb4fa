package io.cardgen.standalone;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/** What a soak run sent and got back, and every answer that broke the promise of spec §3. */
final class SoakTally {

  private final Map<String, LongAdder> requests = new ConcurrentHashMap<>();
  private final Map<String, LongAdder> answers = new ConcurrentHashMap<>();
  private final LongAdder httpCalls = new LongAdder();
  private final List<String> violations = new ArrayList<>();
  final AtomicLong workerKills = new AtomicLong();

  void request(SoakWorkload.Kind kind) {
    requests.computeIfAbsent(kind.name().toLowerCase(), k -> new LongAdder()).increment();
  }

  void httpCall(TestStack.Response answer) {
    httpCalls.increment();
    String code = answer.status() == 200 ? "" : " " + answer.json().path("code").asString("");
    answers.computeIfAbsent(answer.status() + code, k -> new LongAdder()).increment();
  }

  synchronized void violation(String what) {
    violations.add(what);
  }

  synchronized List<String> violations() {
    return List.copyOf(violations);
  }

  long requests() {
    return requests.values().stream().mapToLong(LongAdder::sum).sum();
  }

  long httpCalls() {
    return httpCalls.sum();
  }

  Map<String, Long> requestsByKind() {
    return sorted(requests);
  }

  Map<String, Long> answersByStatus() {
    return sorted(answers);
  }

  private static Map<String, Long> sorted(Map<String, LongAdder> counters) {
    Map<String, Long> sorted = new TreeMap<>();
    counters.forEach((name, count) -> sorted.put(name, count.sum()));
    return sorted;
  }
}

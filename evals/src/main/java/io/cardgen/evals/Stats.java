package io.cardgen.evals;

import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/** Small statistics over a run; an empty sample gives {@code null}, never a made-up zero. */
final class Stats {

  private Stats() {}

  /** Nearest-rank percentile of an ascending list. */
  static Double percentile(List<Double> sorted, int percent) {
    if (sorted.isEmpty()) {
      return null;
    }
    int rank = (int) Math.ceil(percent / 100.0 * sorted.size());
    return sorted.get(Math.max(0, rank - 1));
  }

  static <T> Double share(List<T> items, Function<T, Boolean> test) {
    return items.isEmpty()
        ? null
        : items.stream().filter(item -> Boolean.TRUE.equals(test.apply(item))).count()
            / (double) items.size();
  }

  static <T> Double mean(List<T> items, Function<T, Double> value) {
    return items.stream()
        .map(value)
        .filter(Objects::nonNull)
        .mapToDouble(Double::doubleValue)
        .average()
        .stream()
        .boxed()
        .findFirst()
        .orElse(null);
  }
}

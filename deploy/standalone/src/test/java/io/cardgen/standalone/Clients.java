package io.cardgen.standalone;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;

/** Many clients released at the same instant, the way a marketplace's retry storm arrives. */
final class Clients {

  private Clients() {}

  /**
   * Runs {@code count} calls at once (all wait on one latch) and returns their results in order.
   */
  static <T> List<T> atOnce(int count, IntFunction<Callable<T>> call) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(count);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<T>> futures = new ArrayList<>();
      for (int index = 0; index < count; index++) {
        Callable<T> task = call.apply(index);
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  return task.call();
                }));
      }
      start.countDown();
      List<T> results = new ArrayList<>();
      for (Future<T> future : futures) {
        results.add(future.get(120, TimeUnit.SECONDS));
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }
}

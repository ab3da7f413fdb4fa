package io.cardgen.testsupport;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Runs tasks on threads of their own, released together by one latch, for tests that race. */
public final class Race {

  private Race() {}

  /** Runs every task at once and returns their results in the tasks' order. */
  public static <T> List<T> together(List<Callable<T>> tasks) throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(tasks.size());
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<T>> running = new ArrayList<>();
      for (Callable<T> task : tasks) {
        running.add(
            threads.submit(
                () -> {
                  start.await();
                  return task.call();
                }));
      }
      start.countDown();
      List<T> results = new ArrayList<>();
      for (Future<T> result : running) {
        results.add(result.get());
      }
      return results;
    } finally {
      threads.shutdownNow();
    }
  }
}

package io.cardgen.worker.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Name lookups that end by their caller's deadline. A JDK lookup cannot be cancelled or given a
 * timeout, and the DNS server of a name we are handed (a photo link, a webhook URL) can delay its
 * answer on purpose, often for tens of seconds, past the fetch or attempt that asked. So the lookup
 * runs on a thread of its own, the caller waits for it at most until its deadline, and a lookup
 * given up on finishes on its thread with nobody waiting.
 *
 * <p>The threads are platform threads (Java 17, and a lookup pins a virtual thread's carrier
 * anyway), so at most {@code maxOutstanding} lookups run or wait for a thread at once; a caller
 * that finds them all taken waits for one within its deadline. Idle threads end after a few
 * seconds.
 */
public final class NameLookups implements AutoCloseable {

  /** Where a host's addresses come from: the system resolver, or a test's own names. */
  @FunctionalInterface
  public interface Lookup {

    Lookup SYSTEM = InetAddress::getAllByName;

    InetAddress[] addressesOf(String host) throws UnknownHostException;
  }

  /** A lookup that had not answered when its caller's deadline passed. */
  public static final class DeadlinePassedException extends UnknownHostException {

    DeadlinePassedException(String host) {
      super(host + " did not resolve before the deadline");
    }
  }

  private final Semaphore outstanding;
  private final ThreadPoolExecutor threads;

  public NameLookups(String threadName, int maxOutstanding) {
    this.outstanding = new Semaphore(maxOutstanding);
    this.threads =
        new ThreadPoolExecutor(
            maxOutstanding,
            maxOutstanding,
            5,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            task -> {
              Thread thread = new Thread(task, threadName);
              thread.setDaemon(true);
              return thread;
            });
    this.threads.allowCoreThreadTimeOut(true);
  }

  /**
   * The addresses {@code lookup} finds for {@code host}, or {@link DeadlinePassedException} once
   * {@code deadline} (a {@link System#nanoTime()} value) has passed without them.
   */
  public InetAddress[] addressesOf(Lookup lookup, String host, long deadline)
      throws UnknownHostException {
    FutureTask<InetAddress[]> answer = new FutureTask<>(() -> lookup.addressesOf(host));
    try {
      if (!outstanding.tryAcquire(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
        throw new DeadlinePassedException(host);
      }
      start(answer);
      return answer.get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new DeadlinePassedException(host);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UnknownHostException("the lookup of " + host + " was interrupted");
    } catch (ExecutionException e) {
      throw rethrown(e.getCause());
    } finally {
      // A lookup still waiting for a thread never starts; a running one finishes on its own.
      answer.cancel(false);
    }
  }

  private void start(FutureTask<InetAddress[]> answer) throws UnknownHostException {
    try {
      threads.execute(
          () -> {
            try {
              answer.run();
            } finally {
              outstanding.release();
            }
          });
    } catch (RejectedExecutionException closed) {
      outstanding.release();
      throw new UnknownHostException("name lookups are closed");
    }
  }

  private static UnknownHostException rethrown(Throwable cause) {
    if (cause instanceof UnknownHostException unknown) {
      return unknown;
    }
    if (cause instanceof RuntimeException runtime) {
      throw runtime;
    }
    if (cause instanceof Error error) {
      throw error;
    }
    throw new IllegalStateException(cause); // Lookup throws nothing else
  }

  /** Stops the threads; lookups still running end on their own, unwaited for. */
  @Override
  public void close() {
    threads.shutdownNow();
  }
}

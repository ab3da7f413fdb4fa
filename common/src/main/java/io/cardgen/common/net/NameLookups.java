package io.cardgen.common.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashMap;
import java.util.Map;
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
 * anyway), so at most {@code maxOutstanding} lookups run at once. A given-up lookup keeps its place
 * until its DNS server answers, so the names of one account, whose server never answers, could take
 * every place and fail every other account's lookups at their deadlines. Each account therefore has
 * at most {@code maxPerAccount} places: a caller waits within its deadline for a place of its
 * account's, then for one of all. Idle threads end after a few seconds.
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
  private final int maxPerAccount;
  private final ThreadPoolExecutor threads;
  // An account's entry lives while a caller waits for one of its places or a lookup holds one.
  private final Map<Object, AccountPlaces> accounts = new HashMap<>();

  /**
   * @param maxOutstanding lookups running at once, all accounts together
   * @param maxPerAccount lookups running at once for one account
   */
  public NameLookups(String threadName, int maxOutstanding, int maxPerAccount) {
    this.outstanding = new Semaphore(maxOutstanding);
    this.maxPerAccount = maxPerAccount;
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
   * The addresses {@code lookup} finds for {@code host} on behalf of {@code account}, or {@link
   * DeadlinePassedException} once {@code deadline} (a {@link System#nanoTime()} value) has passed
   * without them.
   */
  public InetAddress[] addressesOf(Lookup lookup, String host, Object account, long deadline)
      throws UnknownHostException {
    FutureTask<InetAddress[]> answer = new FutureTask<>(() -> lookup.addressesOf(host));
    AccountPlaces places = enter(account);
    boolean started = false;
    try {
      takePlaces(places, host, deadline);
      start(answer, account, places);
      started = true;
      return answer.get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
    } catch (TimeoutException e) {
      throw new DeadlinePassedException(host);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new UnknownHostException("the lookup of " + host + " was interrupted");
    } catch (ExecutionException e) {
      throw rethrown(e.getCause());
    } finally {
      // A started lookup gives its places back when it ends, whoever still waits for it.
      if (!started) {
        leave(account, places);
      }
    }
  }

  /** One of the account's places, then one of all; neither is held when this throws. */
  private void takePlaces(AccountPlaces places, String host, long deadline)
      throws InterruptedException, DeadlinePassedException {
    if (!places.free.tryAcquire(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
      throw new DeadlinePassedException(host);
    }
    boolean taken = false;
    try {
      taken = outstanding.tryAcquire(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
    } finally {
      if (!taken) {
        places.free.release();
      }
    }
    if (!taken) {
      throw new DeadlinePassedException(host);
    }
  }

  private void start(FutureTask<InetAddress[]> answer, Object account, AccountPlaces places)
      throws UnknownHostException {
    try {
      threads.execute(
          () -> {
            try {
              answer.run();
            } finally {
              outstanding.release();
              places.free.release();
              leave(account, places);
            }
          });
    } catch (RejectedExecutionException closed) {
      outstanding.release();
      places.free.release();
      throw new UnknownHostException("name lookups are closed");
    }
  }

  private AccountPlaces enter(Object account) {
    synchronized (accounts) {
      AccountPlaces places =
          accounts.computeIfAbsent(account, key -> new AccountPlaces(maxPerAccount));
      places.holders++;
      return places;
    }
  }

  private void leave(Object account, AccountPlaces places) {
    synchronized (accounts) {
      if (--places.holders == 0) {
        accounts.remove(account);
      }
    }
  }

  /** How many accounts wait for or hold places now; for tests. */
  int accountsHolding() {
    synchronized (accounts) {
      return accounts.size();
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

  private static final class AccountPlaces {

    final Semaphore free;
    int holders; // guarded by NameLookups.accounts

    AccountPlaces(int places) {
      this.free = new Semaphore(places);
    }
  }
}

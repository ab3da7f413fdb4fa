package io.cardgen.common.db;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Waits for the disk after commits that did not (ADR 0033). {@link #STATEMENT}, run on its own with
 * the server's {@code synchronous_commit}, returns only once the WAL up to its own commit is on
 * disk, and with it every commit made before it on any connection: a job's completion commits
 * without waiting ({@link RelaxedCommit}), so the account row it updates is released at once
 * instead of after the flush, and then waits here before anything outside the database is told.
 *
 * <p>{@code setval} is the cheapest write that does it: a transaction that writes no WAL or has no
 * transaction id commits without a flush (a bare {@code SELECT txid_current()} would not wait),
 * while {@code setval} always logs the sequence and takes an id; the sequence is rewritten in place
 * under a buffer lock held for microseconds, so barriers neither queue on a row nor leave dead
 * rows. The value set is the sequence's next one, so {@code last_value} counts the statements run
 * (roughly: two running at once may set theirs in either order).
 *
 * <p>Callers share statements, as PostgreSQL's group commit shares flushes: while one statement
 * runs, every caller that arrives joins the next round, whose statement starts when the running one
 * ends, and so after all of their commits. A caller never joins a round already running, which may
 * have started before its commit. Alone, a caller runs its statement at once; under load, one
 * statement serves every completion of the moment.
 */
public final class DurabilityBarrier {

  public static final String STATEMENT =
      "SELECT setval('durability_barrier', nextval('durability_barrier'), true)";

  private final Runnable statement;
  private final ReentrantLock lock = new ReentrantLock();
  private final LongAdder waits = new LongAdder();
  private final LongAdder rounds = new LongAdder();
  private CompletableFuture<Void> running;
  private CompletableFuture<Void> forming;

  /**
   * @param statement runs {@link #STATEMENT} in a transaction of its own and returns when it has
   *     committed
   */
  public DurabilityBarrier(Runnable statement) {
    this.statement = statement;
  }

  /**
   * Returns once every commit the calling thread made before the call is on disk; throws what the
   * statement of its round threw.
   */
  public void await() {
    CompletableFuture<Void> round;
    boolean leads;
    lock.lock();
    try {
      waits.increment();
      leads = forming == null;
      if (leads) {
        forming = new CompletableFuture<>();
      }
      round = forming;
    } finally {
      lock.unlock();
    }
    if (leads) {
      lead(round);
    } else {
      joinRound(round);
    }
  }

  /** Waits for the running round to end, then starts this one, closing it to newcomers. */
  private void lead(CompletableFuture<Void> round) {
    CompletableFuture<Void> previous;
    lock.lock();
    try {
      previous = running;
    } finally {
      lock.unlock();
    }
    if (previous != null) {
      // Its outcome belongs to its own callers; this round runs its own statement either way.
      previous.exceptionally(failure -> null).join();
    }
    lock.lock();
    try {
      forming = null;
      running = round;
    } finally {
      lock.unlock();
    }
    rounds.increment();
    try {
      statement.run();
    } catch (RuntimeException | Error failure) {
      end(round);
      round.completeExceptionally(failure);
      throw failure;
    }
    end(round);
    round.complete(null);
  }

  /** Before the round's callers are woken, so that the next round's leader finds it gone. */
  private void end(CompletableFuture<Void> round) {
    lock.lock();
    try {
      if (running == round) {
        running = null;
      }
    } finally {
      lock.unlock();
    }
  }

  private static void joinRound(CompletableFuture<Void> round) {
    try {
      round.join();
    } catch (CompletionException failed) {
      if (failed.getCause() instanceof RuntimeException cause) {
        throw cause;
      }
      throw failed;
    }
  }

  /** Calls of {@link #await()} so far. */
  public long waits() {
    return waits.sum();
  }

  /** Statements run so far: fewer than {@link #waits()} when callers shared them. */
  public long rounds() {
    return rounds.sum();
  }
}

package io.cardgen.worker.llm;

/**
 * Tells whoever started a job on this thread when the job first reaches the provider gate, or,
 * should it never get there (an unusable photo, a failure), when it ends: exactly once either way.
 * The batch feeder uses it to see its claimed items queue at the gate before it claims more.
 */
public final class GateArrival {

  private static final ThreadLocal<Runnable> HOOK = new ThreadLocal<>();

  private GateArrival() {}

  /** Runs {@code hook} when this thread's job reaches the gate, or at {@link #arrived()}. */
  public static void expect(Runnable hook) {
    HOOK.set(hook);
  }

  /** Runs the expected hook now if it has not run; call it where the job ends as well. */
  public static void arrived() {
    Runnable hook = HOOK.get();
    if (hook != null) {
      HOOK.remove();
      hook.run();
    }
  }
}

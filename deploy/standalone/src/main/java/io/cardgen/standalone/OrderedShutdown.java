package io.cardgen.standalone;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stops the standalone's parts in the reverse order of their start, once: by {@link #close()}, or
 * by the JVM's shutdown hook when the process is asked to stop (SIGTERM, Ctrl+C). The gateway and
 * the worker drain first — requests waiting for their jobs are answered, running jobs end with
 * their card and charge — and only then do the embedded PostgreSQL, broker and S3 stop under them.
 * Spring registers its own hook per context and runs it at the same moment; a context's close waits
 * for one already under way, so this order holds whichever starts first.
 */
final class OrderedShutdown implements AutoCloseable {

  private static final Logger log = LoggerFactory.getLogger(OrderedShutdown.class);

  private final Deque<AutoCloseable> parts = new ArrayDeque<>();
  private final Thread hook = new Thread(this::stopAll, "standalone-shutdown");
  private boolean stopped;

  OrderedShutdown() {
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /**
   * Adds a part started after the ones added before, to be stopped before them. A part that
   * finishes starting while the process is already stopping is stopped at once, and the start goes
   * no further.
   *
   * @throws IllegalStateException if the standalone is stopping
   */
  <T extends AutoCloseable> T add(T part) {
    synchronized (parts) {
      if (!stopped) {
        parts.push(part);
        return part;
      }
    }
    stop(part);
    throw new IllegalStateException("the standalone is stopping");
  }

  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException alreadyStopping) {
      // The hook is running or about to; stopAll below waits for nothing it has done.
    }
    stopAll();
  }

  private void stopAll() {
    List<AutoCloseable> inOrder;
    synchronized (parts) {
      if (stopped) {
        return;
      }
      stopped = true;
      inOrder = new ArrayList<>(parts);
      parts.clear();
    }
    inOrder.forEach(OrderedShutdown::stop);
  }

  private static void stop(AutoCloseable part) {
    try {
      part.close();
    } catch (Exception failure) {
      log.warn("Stopping {} failed: {}", part, failure.toString());
    }
  }
}

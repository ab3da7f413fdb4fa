package io.cardgen.standalone.simulator;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An OpenAI-compatible {@code POST /v1/chat/completions} endpoint that writes plausible product
 * cards without a real model, for dev, demo and tests. It follows the JSON schema of the request's
 * {@code response_format} and the requested description length; directives such as {@code
 * [sim:refuse]} in the user text make it misbehave on purpose (see {@link Directives}).
 *
 * <p>Every answer is sent after the configured latency, or after the MS of a {@code [sim:slow=MS]}
 * (or {@code [sim:latency=MS]}) instead. The wait is a scheduled task, not a sleeping thread, so
 * hundreds of requests can be in flight at once.
 */
public final class LlmSimulator implements AutoCloseable {

  private static final int ACCEPT_BACKLOG = 1024;

  /**
   * The JDK server keeps at most 200 idle keep-alive connections by default and closes the rest,
   * which a client holding a thousand calls in flight sees as "server closed idle connection" on
   * its next request. Read once per JVM when the first server starts, so set before that.
   */
  private static final String MAX_IDLE = "sun.net.httpserver.maxIdleConnections";

  private static final String IDLE_CONNECTIONS = "4096";

  private final HttpServer server;
  private final ExecutorService workers;
  private final ScheduledExecutorService timer;
  private final RequestWindow rateLimit;

  private LlmSimulator(
      HttpServer server,
      ExecutorService workers,
      ScheduledExecutorService timer,
      RequestWindow rateLimit) {
    this.server = server;
    this.workers = workers;
    this.timer = timer;
    this.rateLimit = rateLimit;
  }

  /**
   * Starts serving at once.
   *
   * @param port 0 picks a free port; read it back with {@link #port()}
   * @param latency how long every answer is held back, like a real model's thinking time
   */
  public static LlmSimulator start(String host, int port, Duration latency) {
    return start(host, port, latency, SimulatorProfile.exact(), RequestRateLimit.NONE);
  }

  /**
   * Starts serving at once, answering as {@code profile} says and with 429 to requests over {@code
   * limit}.
   *
   * @param port 0 picks a free port; read it back with {@link #port()}
   */
  public static LlmSimulator start(
      String host, int port, Duration latency, SimulatorProfile profile, RequestRateLimit limit) {
    return start(host, port, latency, profile, limit, true);
  }

  /**
   * Starts serving at once, as above; {@code takesJsonSchema} false makes it a provider that
   * answers 400 to a JSON schema in {@code response_format} and takes only {@code json_object}, as
   * DeepSeek does.
   */
  public static LlmSimulator start(
      String host,
      int port,
      Duration latency,
      SimulatorProfile profile,
      RequestRateLimit limit,
      boolean takesJsonSchema) {
    Objects.requireNonNull(latency, "latency");
    Objects.requireNonNull(profile, "profile");
    if (System.getProperty(MAX_IDLE) == null) {
      System.setProperty(MAX_IDLE, IDLE_CONNECTIONS);
    }
    RequestWindow rateLimit = new RequestWindow(limit, Clock.systemUTC());
    // Handlers only parse and compose text, then hand the wait to the timer, so a cached pool
    // stays small; on Java 17 there are no virtual threads to prefer.
    ExecutorService workers = Executors.newCachedThreadPool(daemonThreads("llm-simulator-"));
    ScheduledExecutorService timer =
        Executors.newSingleThreadScheduledExecutor(daemonThreads("llm-simulator-timer-"));
    try {
      HttpServer server = HttpServer.create(new InetSocketAddress(host, port), ACCEPT_BACKLOG);
      SimulatedModel model = new SimulatedModel(Clock.systemUTC(), profile);
      server.createContext(
          "/",
          new ChatCompletionsEndpoint(model, latency, workers, timer, rateLimit, takesJsonSchema));
      server.setExecutor(workers);
      server.start();
      return new LlmSimulator(server, workers, timer, rateLimit);
    } catch (IOException e) {
      workers.shutdownNow();
      timer.shutdownNow();
      throw new UncheckedIOException("LLM simulator cannot listen on " + host + ":" + port, e);
    }
  }

  /** The OpenAI "base url" to configure clients with; ends with {@code /v1}. */
  public URI baseUrl() {
    InetSocketAddress address = server.getAddress();
    // A wildcard bind address is not something a client can connect to.
    String host =
        address.getAddress().isAnyLocalAddress()
            ? "127.0.0.1"
            : address.getAddress().getHostAddress();
    try {
      return new URI("http", null, host, address.getPort(), "/v1", null, null);
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Chat completion requests received so far, refused ones included. */
  public long requestCount() {
    return rateLimit.seenCount();
  }

  /** Requests answered 429 by the rate limit so far. */
  public long rateLimitedCount() {
    return rateLimit.refusedCount();
  }

  public int port() {
    return server.getAddress().getPort();
  }

  /** Stops listening and drops answers still waiting for their latency. */
  @Override
  public void close() {
    server.stop(0);
    timer.shutdownNow();
    workers.shutdownNow();
  }

  private static ThreadFactory daemonThreads(String prefix) {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, prefix + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}

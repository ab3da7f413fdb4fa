package io.cardgen.standalone;

import io.cardgen.gateway.GatewayApplication;
import io.cardgen.gateway.web.AdminConnector;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.ArrayList;
import java.util.List;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One standalone shared by the contract tests, which only ever add their own plans and accounts, so
 * that the suite starts the embedded stack once for all of them. Started on first use and stopped
 * when the test JVM exits.
 *
 * <p>It also offers a second gateway replica on the same database, Kafka and S3, with a small body
 * limit ({@link #SMALL_BODY_LIMIT_BYTES}): the rate limiter must hold across replicas, and the 413
 * tests need a limit small enough to cross cheaply.
 *
 * <p>It is stopped when the test plan has run ({@link SharedStackCloser}), while the test JVM still
 * reports to the build, and only as a fallback in a JVM shutdown hook: there it ran concurrently
 * with every other hook (the embedded PostgreSQL's, Spring's), after the fork had said goodbye, and
 * a fork once ended with a non-zero exit code and no log at all.
 */
final class SharedStack {

  static final int SMALL_BODY_LIMIT_BYTES = 64 * 1024;

  private static TestStack stack;
  private static Replica replica;

  private SharedStack() {}

  static synchronized TestStack get() throws Exception {
    if (stack == null) {
      stack = TestStack.start();
      Runtime.getRuntime().addShutdownHook(new Thread(SharedStack::stop, "shared-stack-stop"));
    }
    return stack;
  }

  /** A second gateway of the shared stack, with a {@value #SMALL_BODY_LIMIT_BYTES}-byte limit. */
  static synchronized Replica secondGateway() throws Exception {
    if (replica == null) {
      replica = extraGateway("--cardgen.api.max-body-size=" + SMALL_BODY_LIMIT_BYTES + "B");
    }
    return replica;
  }

  /**
   * Another gateway replica on the shared stack's database, Kafka and S3, on free ports, with
   * {@code settings} on top; the caller closes it.
   */
  static Replica extraGateway(String... settings) throws Exception {
    List<String> args = new ArrayList<>(get().serviceArguments());
    args.addAll(
        List.of(
            "--server.port=0",
            "--cardgen.admin.port=0",
            "--cardgen.admin.token=" + TestStack.ADMIN_TOKEN));
    args.addAll(List.of(settings));
    return new Replica(GatewayApplication.run(args.toArray(String[]::new)));
  }

  /** Stops what was started; a second call does nothing. */
  static synchronized void stop() {
    if (replica != null) {
      replica.context().close();
      replica = null;
    }
    if (stack != null) {
      stack.close();
      stack = null;
    }
  }

  /** A gateway context and the port of its public API. */
  record Replica(ConfigurableApplicationContext context) {
    int publicPort() {
      return Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
    }

    int adminPort() {
      return context.getBean(AdminConnector.class).localPort();
    }

    /** The value of one of the replica's gauges now. */
    double gauge(String name) {
      return context.getBean(MeterRegistry.class).get(name).gauge().value();
    }
  }
}

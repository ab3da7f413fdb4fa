package io.cardgen.standalone;

import io.cardgen.common.admin.AdminBearerToken;
import io.cardgen.common.reply.InProcessReplies;
import io.cardgen.common.stage.OldestFirstGate;
import io.cardgen.gateway.GatewayApplication;
import io.cardgen.gateway.admin.AccountView;
import io.cardgen.worker.WorkerApplication;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * cardgen in one JVM: the embedded stack, then a worker and the gateway, each in its own Spring
 * context exactly as they run when deployed apart. Prints the admin token (when it generated one)
 * and a ready demo API key with a curl example.
 */
public final class StandaloneApplication implements AutoCloseable {

  private static final String ADMIN_ADDRESS = "--cardgen.admin.address=";
  private static final String DATASOURCE = "spring.datasource.";

  private final OrderedShutdown shutdown;
  private final EmbeddedStack stack;
  private final ConfigurableApplicationContext worker;
  private final ConfigurableApplicationContext gateway;
  private final AccountView demo;
  private final String adminToken;
  private final String sealingKey;

  private StandaloneApplication(
      OrderedShutdown shutdown,
      EmbeddedStack stack,
      ConfigurableApplicationContext worker,
      ConfigurableApplicationContext gateway,
      AccountView demo,
      String adminToken,
      String sealingKey) {
    this.shutdown = shutdown;
    this.stack = stack;
    this.worker = worker;
    this.gateway = gateway;
    this.demo = demo;
    this.adminToken = adminToken;
    this.sealingKey = sealingKey;
  }

  public static void main(String[] args) throws Exception {
    StandaloneApplication app;
    try {
      app = start(StandaloneSettings.fromEnvironment(System.getenv()).withArguments(args), args);
    } catch (StartRefused refused) {
      // What has started is stopped already; the operator needs the reason, not a stack trace.
      System.err.println("cardgen did not start: " + refused.getMessage());
      System.exit(1);
      return;
    }
    System.out.println(Banner.render(app.gateway, app.demo, app.adminToken, app.generatedToken));
  }

  private boolean generatedToken;

  static StandaloneApplication start(StandaloneSettings settings, String... extraArgs)
      throws Exception {
    boolean generated = !settings.has("CARDGEN_ADMIN_TOKEN");
    String adminToken = generated ? newToken() : settings.get("CARDGEN_ADMIN_TOKEN");
    // A token too short stops the gateway and the worker anyway; say so before starting anything.
    try {
      AdminBearerToken.of(adminToken);
    } catch (IllegalStateException tooShort) {
      throw new StartRefused(tooShort.getMessage(), tooShort);
    }
    // Registered before anything starts: a process stopped at any moment, even while starting,
    // stops what has started, the embedded services last (OrderedShutdown).
    OrderedShutdown shutdown = new OrderedShutdown();
    EmbeddedStack stack;
    try {
      stack = EmbeddedStack.start(settings, shutdown);
    } catch (Exception | Error failure) {
      shutdown.close();
      throw failure;
    }
    List<String> arguments = new ArrayList<>(stack.arguments());
    if (Arrays.stream(extraArgs).noneMatch(arg -> arg.startsWith("--cardgen.admin.token="))) {
      arguments.add("--cardgen.admin.token=" + adminToken);
    }
    // Sealed by default (ADR 0047): with no key given, the one kept in the data directory.
    String sealingKey = null;
    if (!sealingKeyGiven(settings, extraArgs)) {
      try {
        sealingKey = SealingKeyFile.loadOrCreate(settings.dataDir(), sealedIn(settings, stack));
      } catch (Exception | Error failure) {
        shutdown.close();
        throw failure;
      }
      arguments.add("--cardgen.webhooks.sealing-key=" + sealingKey);
    }
    // A developer's machine: the admin API and the actuator stay on it unless asked otherwise.
    if (!settings.has("CARDGEN_ADMIN_ADDRESS")
        && Arrays.stream(extraArgs).noneMatch(arg -> arg.startsWith(ADMIN_ADDRESS))) {
      arguments.add(ADMIN_ADDRESS + "127.0.0.1");
    }
    // Spring's own hook would close the worker first, while the gateway still takes requests that
    // no worker then runs: the contexts are closed by OrderedShutdown instead, gateway first.
    arguments.add("--spring.main.register-shutdown-hook=false");
    // Its logging hook, too, would stop the log at once, hiding the drain an operator waits on.
    arguments.add("--logging.register-shutdown-hook=false");
    // Both contexts share one logging system, which keeps the first context's name: every gateway
    // line said [cardgen-worker]. The logger's package (io.cardgen.gateway, io.cardgen.worker) says
    // which part wrote a line.
    arguments.add("--logging.include-application-name=false");
    arguments.addAll(List.of(extraArgs));
    String[] args = arguments.toArray(String[]::new);
    try {
      ConfigurableApplicationContext worker =
          shutdown.add(WorkerApplication.run(workerArguments(arguments, settings)));
      ConfigurableApplicationContext gateway =
          shutdown.add(
              GatewayApplication.run(List.of(sharedGate(worker), inProcessReplies(worker)), args));
      StandaloneApplication app =
          new StandaloneApplication(
              shutdown,
              stack,
              worker,
              gateway,
              DemoTenant.prepare(gateway),
              adminToken,
              sealingKey);
      app.generatedToken = generated;
      return app;
    } catch (Exception | Error failure) {
      shutdown.close();
      throw failure;
    }
  }

  /**
   * One JVM, one set of cores: the gateway's intake and answers queue at the worker's gate, so a
   * job's completion goes before the intake of a request that came later (ADR 0027).
   */
  private static ApplicationContextInitializer<ConfigurableApplicationContext> sharedGate(
      ConfigurableApplicationContext worker) {
    OldestFirstGate gate = worker.getBean(OldestFirstGate.class);
    return gateway -> gateway.getBeanFactory().registerSingleton("stageGate", gate);
  }

  /**
   * A job this JVM's gateway waits for is announced to it in-process, not through the broker (ADR
   * 0034).
   */
  private static ApplicationContextInitializer<ConfigurableApplicationContext> inProcessReplies(
      ConfigurableApplicationContext worker) {
    InProcessReplies replies = worker.getBean(InProcessReplies.class);
    return gateway -> gateway.getBeanFactory().registerSingleton("inProcessReplies", replies);
  }

  /**
   * The worker's context gets its own port. {@code SERVER_PORT} (or {@code --server.port}) names
   * the gateway's public port; the worker context would read it too and try to bind the same port,
   * so it is replaced by {@code CARDGEN_WORKER_PORT} for the worker alone.
   */
  static String[] workerArguments(List<String> arguments, StandaloneSettings settings) {
    List<String> worker = new ArrayList<>();
    String adminAddress = null;
    for (String argument : arguments) {
      if (argument.startsWith(ADMIN_ADDRESS)) {
        adminAddress = argument.substring(ADMIN_ADDRESS.length()).strip();
      }
      // The public port's settings are the gateway's: the worker's port is a management port.
      if (!argument.startsWith("--server.port=") && !argument.startsWith("--server.address=")) {
        worker.add(argument);
      }
    }
    String port =
        settings.has("CARDGEN_WORKER_PORT") ? settings.get("CARDGEN_WORKER_PORT") : "8082";
    worker.add("--server.port=" + port.strip());
    // It listens where the gateway's management port does: 127.0.0.1 unless asked otherwise.
    if (adminAddress == null && settings.has("CARDGEN_ADMIN_ADDRESS")) {
      adminAddress = settings.get("CARDGEN_ADMIN_ADDRESS").strip();
    }
    // Given even when empty (every interface): it must override a SERVER_ADDRESS meant for the
    // public API.
    worker.add("--server.address=" + (adminAddress == null ? "127.0.0.1" : adminAddress));
    return worker.toArray(String[]::new);
  }

  /** The secrets sealed in the database the contexts will use: the embedded one or the given. */
  private static SealingKeyFile.SealedSecrets sealedIn(
      StandaloneSettings settings, EmbeddedStack stack) {
    Map<String, String> embedded = stack.properties();
    boolean given = settings.has("SPRING_DATASOURCE_URL");
    String url = given ? settings.get("SPRING_DATASOURCE_URL") : embedded.get(DATASOURCE + "url");
    String username =
        given
            ? settings.environment().getOrDefault("SPRING_DATASOURCE_USERNAME", "cardgen")
            : embedded.get(DATASOURCE + "username");
    String password =
        given
            ? settings.environment().getOrDefault("SPRING_DATASOURCE_PASSWORD", "cardgen")
            : embedded.get(DATASOURCE + "password");
    return () -> SealedSecretsInDatabase.count(url, username, password);
  }

  /** Whether the operator gave a sealing key, in the environment or on the command line. */
  private static boolean sealingKeyGiven(StandaloneSettings settings, String... extraArgs) {
    return settings.has("CARDGEN_WEBHOOKS_SEALING_KEY")
        || Arrays.stream(extraArgs)
            .anyMatch(arg -> arg.startsWith("--cardgen.webhooks.sealing-key="));
  }

  private static String newToken() {
    byte[] bytes = new byte[24];
    new SecureRandom().nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  public ConfigurableApplicationContext gateway() {
    return gateway;
  }

  public ConfigurableApplicationContext worker() {
    return worker;
  }

  public AccountView demoAccount() {
    return demo;
  }

  /** Where the embedded services listen, as the properties given to gateway and worker. */
  public java.util.Map<String, String> stackProperties() {
    return stack.properties();
  }

  public String adminToken() {
    return adminToken;
  }

  /**
   * The webhook sealing key from the data directory, which a gateway or worker started beside this
   * one needs too; empty when the operator gave one.
   */
  public Optional<String> sealingKey() {
    return Optional.ofNullable(sealingKey);
  }

  /** The embedded Kafka broker, so tests can stop and restart it; absent with external Kafka. */
  Optional<EmbeddedKafka> embeddedKafka() {
    return stack.kafka();
  }

  /** Stops the gateway, then the worker, then the embedded services; a second call does nothing. */
  @Override
  public void close() {
    shutdown.close();
  }
}

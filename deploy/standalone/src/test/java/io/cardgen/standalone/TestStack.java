package io.cardgen.standalone;

import io.cardgen.testsupport.FreePorts;
import io.cardgen.testsupport.HttpHeaders;
import io.cardgen.testsupport.KafkaBroker;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.util.FileSystemUtils;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The whole standalone on free ports and a fresh data directory, with small HTTP helpers for the
 * public and admin APIs. Tests drive it the way a client and an operator would.
 */
final class TestStack implements AutoCloseable {

  static final JsonMapper JSON = JsonMapper.builder().build();

  /** The stacks' admin token: 32 characters at least, or the standalone refuses to start. */
  static final String ADMIN_TOKEN = "it-admin-token-of-the-standalone-tests";

  final StandaloneApplication app;
  final Path dataDir;
  final int publicPort;
  final int adminPort;
  private final StackServices services;
  private final List<String> extraArgs;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  private TestStack(
      StandaloneApplication app, StackServices services, Path dataDir, List<String> extraArgs) {
    this.app = app;
    this.services = services;
    this.dataDir = dataDir;
    this.extraArgs = extraArgs;
    this.publicPort =
        Integer.parseInt(app.gateway().getEnvironment().getProperty("local.server.port"));
    this.adminPort = app.gateway().getBean(io.cardgen.gateway.web.AdminConnector.class).localPort();
  }

  static TestStack start(String... extraArgs) throws Exception {
    return start(Map.of(), extraArgs);
  }

  /**
   * A stack whose PostgreSQL, Kafka and S3 come from the selected test backend ({@link
   * StackServices}); {@code env} is the standalone's environment, {@code extraArgs} settings for
   * its gateway and worker.
   */
  static TestStack start(Map<String, String> env, String... extraArgs) throws Exception {
    StackServices services = StackServices.start();
    try {
      return start(services, env, extraArgs);
    } catch (Exception | Error failure) {
      services.close();
      throw failure;
    }
  }

  private static TestStack start(StackServices services, Map<String, String> env, String... extra)
      throws Exception {
    List<String> extraArgs = new ArrayList<>(services.arguments());
    extraArgs.addAll(List.of(extra));
    Path dataDir = Files.createTempDirectory("cardgen-it-");
    Map<String, String> environment = new HashMap<>(env);
    environment.putAll(services.environment());
    environment.put("CARDGEN_DATA_DIR", dataDir.toString());
    // PostgreSQL and the broker are given their port, not 0: with 0 they probe one from the
    // kernel's ephemeral range and bind it later, and an outbound connection can take it meanwhile
    // (a postmaster that never listened failed SharedRateBudgetIT's start after 120 s).
    environment.put("CARDGEN_EMBEDDED_POSTGRES_PORT", Integer.toString(FreePorts.next()));
    environment.put("CARDGEN_EMBEDDED_KAFKA_PORT", Integer.toString(FreePorts.next()));
    environment.put("CARDGEN_EMBEDDED_S3_PORT", "0");
    environment.put("CARDGEN_SIMULATOR_PORT", "0");
    environment.putIfAbsent("CARDGEN_WORKER_PORT", "0");
    environment.put("CARDGEN_ADMIN_TOKEN", ADMIN_TOKEN);
    List<String> args = new ArrayList<>();
    // A setting given twice on the command line binds as a list ("500ms,1h"): a test's own value
    // replaces the default instead.
    for (String setting :
        List.of(
            "--server.port=0", "--cardgen.admin.port=0", "--cardgen.reply.check-interval=500ms")) {
      String name = setting.substring(0, setting.indexOf('=') + 1);
      if (extraArgs.stream().noneMatch(arg -> arg.startsWith(name))) {
        args.add(setting);
      }
    }
    args.addAll(extraArgs);
    StandaloneApplication app =
        StandaloneApplication.start(
            StandaloneSettings.fromEnvironment(environment), args.toArray(String[]::new));
    return new TestStack(app, services, dataDir, List.copyOf(extraArgs));
  }

  String demoKey() {
    return app.demoAccount().apiKey();
  }

  UUID demoAccountId() {
    return app.demoAccount().id();
  }

  Response generate(String apiKey, String idempotencyKey, String body) throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://localhost:" + publicPort + "/api/text/product"))
            .timeout(Duration.ofSeconds(60))
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (apiKey != null) {
      request.header("Authorization", "Bearer " + apiKey);
    }
    if (idempotencyKey != null) {
      request.header("Idempotency-Key", idempotencyKey);
    }
    return send(request.build());
  }

  Response admin(String method, String path, String body) throws Exception {
    return admin(method, path, body, ADMIN_TOKEN, adminPort);
  }

  Response admin(String method, String path, String body, String token, int port) throws Exception {
    return admin(method, path, body, token, port, Map.of());
  }

  /** An admin call with the stack's token and extra request headers. */
  Response admin(String method, String path, String body, Map<String, String> headers)
      throws Exception {
    return admin(method, path, body, ADMIN_TOKEN, adminPort, headers);
  }

  Response admin(
      String method, String path, String body, String token, int port, Map<String, String> headers)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
            .timeout(Duration.ofSeconds(30))
            .header("Content-Type", "application/json")
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofString(body));
    if (token != null) {
      request.header("Authorization", "Bearer " + token);
    }
    headers.forEach(request::header);
    return send(request.build());
  }

  private Response send(HttpRequest request) throws IOException, InterruptedException {
    HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
    JsonNode json = response.body().isBlank() ? null : JSON.readTree(response.body());
    return new Response(response.statusCode(), json, response.headers().map());
  }

  JsonNode account(UUID id) throws Exception {
    Response response = admin("GET", "/admin/accounts/" + id, null);
    if (response.status() != 200) {
      throw new AssertionError("account lookup failed: " + response);
    }
    return response.json();
  }

  JdbcClient jdbc() {
    return app.gateway().getBean(JdbcClient.class);
  }

  /** For a test that holds a transaction of its own open. */
  javax.sql.DataSource dataSource() {
    return app.gateway().getBean(javax.sql.DataSource.class);
  }

  S3Client s3() {
    StackServices.S3Access access = services.s3(app);
    return S3Client.builder()
        .endpointOverride(access.endpoint())
        .region(Region.US_EAST_1)
        .forcePathStyle(true)
        .credentialsProvider(
            StaticCredentialsProvider.create(
                AwsBasicCredentials.create(access.accessKey(), access.secretKey())))
        .build();
  }

  /** A plain-text GET on the management port (the Prometheus scrape, say). */
  String managementText(String path) throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://localhost:" + adminPort + path))
            .timeout(Duration.ofSeconds(30))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString()).body();
  }

  /** {@code GET /admin/audit}, which must answer 200. */
  JsonNode audit() throws Exception {
    return audit("full");
  }

  /** {@code GET /admin/audit?scope=…}, which must answer 200. */
  JsonNode audit(String scope) throws Exception {
    Response response = admin("GET", "/admin/audit?scope=" + scope, null);
    if (response.status() != 200) {
      throw new AssertionError("audit failed: " + response);
    }
    return response.json();
  }

  /** The port of the worker running inside this JVM: its actuator. */
  int workerPort() {
    return Integer.parseInt(app.worker().getEnvironment().getProperty("local.server.port"));
  }

  /** Stops the worker running inside this JVM, for tests whose workers are separate processes. */
  void stopInProcessWorker() {
    app.worker().close();
  }

  /** The stack's broker, for tests of a Kafka outage. */
  KafkaBroker kafka() {
    return services.kafka(app);
  }

  /**
   * The settings a second gateway needs to share this stack's PostgreSQL, Kafka, S3 and LLM, and
   * the key that seals its webhook secrets, as {@code --name=value} arguments.
   */
  List<String> serviceArguments() {
    List<String> args = new ArrayList<>();
    app.stackProperties().forEach((name, value) -> args.add("--" + name + "=" + value));
    args.addAll(services.arguments());
    app.sealingKey().ifPresent(key -> args.add("--cardgen.webhooks.sealing-key=" + key));
    return args;
  }

  /**
   * The settings a separately started gateway or worker needs to join this stack: where its
   * services are, the admin token, the webhook sealing key and the extra settings this stack was
   * started with.
   */
  List<String> processArguments() {
    List<String> args = new ArrayList<>();
    app.stackProperties().forEach((name, value) -> args.add("--" + name + "=" + value));
    args.add("--cardgen.admin.token=" + app.adminToken());
    app.sealingKey().ifPresent(key -> args.add("--cardgen.webhooks.sealing-key=" + key));
    args.addAll(extraArgs);
    return args;
  }

  /** A worker in its own JVM; {@code id} prefixes the lease owner it writes. Not yet healthy. */
  JvmProcess startWorkerProcess(String id, String... settings) {
    int port = FreePorts.next();
    List<String> args = processArguments();
    args.add("--server.port=" + port);
    args.add("--cardgen.worker.worker-id=" + id);
    args.addAll(List.of(settings));
    return JvmProcess.start(id, "io.cardgen.worker.WorkerApplication", args, port, dataDir);
  }

  /** A gateway in its own JVM on free ports; its public port is returned too. Not yet healthy. */
  GatewayProcess startGatewayProcess(String name, String... settings) {
    int publicPort = FreePorts.next();
    int managementPort = FreePorts.next();
    List<String> args = processArguments();
    args.add("--server.port=" + publicPort);
    args.add("--cardgen.admin.port=" + managementPort);
    args.addAll(List.of(settings));
    JvmProcess process =
        JvmProcess.start(
            name, "io.cardgen.gateway.GatewayApplication", args, managementPort, dataDir);
    return new GatewayProcess(process, publicPort);
  }

  record GatewayProcess(JvmProcess jvm, int publicPort) {}

  /** Like {@link #generate} but against another gateway's public port. */
  Response generateAt(int port, String apiKey, String idempotencyKey, String body)
      throws Exception {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/api/text/product"))
            .timeout(Duration.ofSeconds(90))
            .header("Content-Type", "application/json")
            .header("Authorization", "Bearer " + apiKey)
            .POST(HttpRequest.BodyPublishers.ofString(body));
    if (idempotencyKey != null) {
      request.header("Idempotency-Key", idempotencyKey);
    }
    return send(request.build());
  }

  record Response(int status, JsonNode json, Map<String, java.util.List<String>> headers) {
    String header(String name) {
      return HttpHeaders.first(headers, name);
    }
  }

  /**
   * Stops the stack and deletes its data directory: each holds ≈ 80 MB of PostgreSQL, Kafka and S3
   * files, and a run of the suite starts dozens of stacks.
   */
  @Override
  public void close() {
    app.close();
    try {
      services.close();
    } catch (Exception failure) {
      throw new IllegalStateException("stopping the stack's services failed", failure);
    } finally {
      deleteDataDir();
    }
  }

  private void deleteDataDir() {
    try {
      FileSystemUtils.deleteRecursively(dataDir);
    } catch (IOException leftBehind) {
      System.err.printf("TestStack: %s not deleted: %s%n", dataDir, leftBehind);
    }
  }
}

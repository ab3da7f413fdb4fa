package io.cardgen.standalone;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.awaitility.Awaitility;

/**
 * A gateway or worker in its own JVM, started from the test classpath the way an operator starts
 * one (`java -cp … Main --setting=value`), so that a test can kill it with SIGKILL and see what a
 * real crash leaves behind. Its output goes to a log file in the stack's data directory.
 */
final class JvmProcess implements AutoCloseable {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  final String name;
  final Process process;
  final Path log;
  final int healthPort;

  private JvmProcess(String name, Process process, Path log, int healthPort) {
    this.name = name;
    this.process = process;
    this.log = log;
    this.healthPort = healthPort;
  }

  /**
   * Starts {@code mainClass} with {@code args}; its actuator is expected on {@code healthPort}. The
   * classpath goes through an argument file: it is longer than a command line may be.
   */
  static JvmProcess start(
      String name, String mainClass, List<String> args, int healthPort, Path directory) {
    return start(name, mainClass, args, Map.of(), healthPort, directory);
  }

  /** Like the other {@code start}, with extra environment variables for the process. */
  static JvmProcess start(
      String name,
      String mainClass,
      List<String> args,
      Map<String, String> environment,
      int healthPort,
      Path directory) {
    try {
      Path argFile = Files.createTempFile(directory, name + "-", ".args");
      String classPath = System.getProperty("java.class.path");
      Files.writeString(
          argFile, "-cp \"" + classPath.replace("\\", "\\\\") + "\"\n", StandardCharsets.UTF_8);
      List<String> command = new ArrayList<>();
      command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      command.addAll(
          List.of("-Xmx512m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "@" + argFile));
      command.add(mainClass);
      command.addAll(args);
      Path log = directory.resolve(name + ".log");
      ProcessBuilder builder =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
      // The tests run against the simulator or a stub they name: a provider configured in the
      // shell that runs the build must neither take its place nor be billed for it.
      builder.environment().keySet().removeIf(variable -> variable.startsWith("CARDGEN_LLM_"));
      builder.environment().putAll(environment);
      Process process = builder.start();
      return new JvmProcess(name, process, log, healthPort);
    } catch (IOException failure) {
      throw new UncheckedIOException(failure);
    }
  }

  /** Waits until the process's actuator health says UP. */
  JvmProcess awaitHealthy(Duration timeout) {
    Awaitility.await(name + " healthy")
        .atMost(timeout)
        .pollInterval(Duration.ofMillis(250))
        .until(
            () -> {
              if (!process.isAlive()) {
                throw new IllegalStateException(name + " died at start:\n" + tail(40));
              }
              return healthy();
            });
    return this;
  }

  private boolean healthy() {
    try {
      HttpRequest request =
          HttpRequest.newBuilder(
                  URI.create("http://localhost:" + healthPort + "/actuator/health/readiness"))
              .timeout(Duration.ofSeconds(2))
              .build();
      HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
      return response.statusCode() == 200 && response.body().contains("UP");
    } catch (IOException failure) {
      return false;
    } catch (InterruptedException interrupted) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  long pid() {
    return process.pid();
  }

  /** SIGKILL: no shutdown hook, no graceful stop, nothing flushed. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(30, TimeUnit.SECONDS);
  }

  /** SIGTERM, without waiting: the process runs its shutdown hooks. */
  void terminate() {
    process.destroy();
  }

  /** Whether the process has exited within {@code timeout}. */
  boolean awaitExit(Duration timeout) throws InterruptedException {
    return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** The last lines of the process's log, for failure messages. */
  String tail(int lines) {
    try {
      List<String> all = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException | UncheckedIOException unreadable) {
      return "(log unreadable: " + unreadable + ")";
    }
  }

  /** SIGTERM, then SIGKILL if it does not stop in time. */
  @Override
  public void close() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(20, TimeUnit.SECONDS)) {
      kill();
    }
  }
}

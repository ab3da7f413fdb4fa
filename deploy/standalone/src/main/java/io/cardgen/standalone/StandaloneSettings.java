package io.cardgen.standalone;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The standalone's own settings, read from the environment. Ports of the embedded services are
 * fixed by default so that a gateway or worker started as a separate process can reach them.
 */
record StandaloneSettings(
    Path dataDir,
    int postgresPort,
    int kafkaPort,
    int s3Port,
    int simulatorPort,
    Duration simulatorLatency,
    Map<String, String> environment) {

  static StandaloneSettings fromEnvironment(Map<String, String> env) {
    return new StandaloneSettings(
        Path.of(env.getOrDefault("CARDGEN_DATA_DIR", "./.cardgen")).toAbsolutePath().normalize(),
        intOf(env, "CARDGEN_EMBEDDED_POSTGRES_PORT", 15432),
        intOf(env, "CARDGEN_EMBEDDED_KAFKA_PORT", 19092),
        intOf(env, "CARDGEN_EMBEDDED_S3_PORT", 19000),
        intOf(env, "CARDGEN_SIMULATOR_PORT", 8090),
        Duration.ofMillis(intOf(env, "CARDGEN_SIMULATOR_LATENCY_MS", 0)),
        env);
  }

  /**
   * The settings with the command line's {@code --name=value} options folded in under their
   * environment names ({@code --spring.datasource.url} as {@code SPRING_DATASOURCE_URL}), winning
   * over the environment as in Spring: a service or admin token given on the command line is then
   * neither embedded nor generated next to it, which Spring would have joined with a comma.
   */
  StandaloneSettings withArguments(String... args) {
    Map<String, String> merged = new HashMap<>(environment);
    for (String arg : args) {
      int equals = arg.indexOf('=');
      if (arg.startsWith("--") && equals > 2) {
        merged.put(environmentName(arg.substring(2, equals)), arg.substring(equals + 1));
      }
    }
    return fromEnvironment(merged);
  }

  /** Spring's relaxed binding, backwards: {@code spring.kafka.bootstrap-servers} as env name. */
  static String environmentName(String property) {
    return property.replace('.', '_').replace('-', '_').toUpperCase(Locale.ROOT);
  }

  /**
   * DESIGN.md: the simulator is the provider "when no LLM key is configured"; the key {@code
   * simulator}, the worker's default, counts as none. A base URL alone is a provider that needs no
   * key (a local model server, a test double); a real key without a base URL stops the worker at
   * start ({@code LlmProperties}), so it never goes to a host nobody named.
   */
  boolean wantsSimulator() {
    return !has("CARDGEN_LLM_BASE_URL")
        && (!has("CARDGEN_LLM_API_KEY") || get("CARDGEN_LLM_API_KEY").strip().equals("simulator"));
  }

  /**
   * {@code CARDGEN_SIMULATOR_JSON_SCHEMA}: {@code true} (the default) or {@code false}, a simulated
   * provider that refuses a JSON schema in {@code response_format}, for trying the worker's {@code
   * json-object} mode; anything else stops the start naming the setting.
   */
  boolean simulatorTakesJsonSchema() {
    String value =
        has("CARDGEN_SIMULATOR_JSON_SCHEMA") ? get("CARDGEN_SIMULATOR_JSON_SCHEMA") : "true";
    return switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "true" -> true;
      case "false" -> false;
      default ->
          throw new StartRefused(
              "CARDGEN_SIMULATOR_JSON_SCHEMA must be true or false, not «" + value.strip() + "»");
    };
  }

  boolean has(String variable) {
    String value = environment.get(variable);
    return value != null && !value.isBlank();
  }

  String get(String variable) {
    return environment.get(variable);
  }

  /** A whole number setting; anything else stops the start with one line saying which. */
  private static int intOf(Map<String, String> env, String name, int fallback) {
    String value = env.get(name);
    if (value == null || value.isBlank()) {
      return fallback;
    }
    try {
      return Integer.parseInt(value.strip());
    } catch (NumberFormatException notANumber) {
      throw new StartRefused(name + " must be a whole number, not «" + value.strip() + "»");
    }
  }
}

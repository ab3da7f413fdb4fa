package io.cardgen.standalone;

import java.nio.file.Path;
import java.time.Duration;
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
   * DESIGN.md: the simulator is the provider "when no LLM key is configured"; the key {@code
   * simulator}, the worker's default, counts as none. A base URL alone is a provider that needs no
   * key (a local model server, a test double); a real key without a base URL stops the worker at
   * start ({@code LlmProperties}), so it never goes to a host nobody named.
   */
  boolean wantsSimulator() {
    return !has("CARDGEN_LLM_BASE_URL")
        && (!has("CARDGEN_LLM_API_KEY") || get("CARDGEN_LLM_API_KEY").strip().equals("simulator"));
  }

  boolean has(String variable) {
    String value = environment.get(variable);
    return value != null && !value.isBlank();
  }

  String get(String variable) {
    return environment.get(variable);
  }

  private static int intOf(Map<String, String> env, String name, int fallback) {
    String value = env.get(name);
    return value == null || value.isBlank() ? fallback : Integer.parseInt(value.strip());
  }
}

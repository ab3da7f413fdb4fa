package io.cardgen.standalone;

import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * Server settings of an embedded part given as JVM system properties under a prefix, e.g. {@code
 * -Dcardgen.embedded-kafka.num.io.threads=2} or {@code
 * -Dcardgen.embedded-postgres.shared_preload_libraries=pg_stat_statements} in {@code JAVA_OPTS}:
 * any setting of the embedded broker or database can be changed for a run (a benchmark, a
 * diagnosis) without a code change. They win over the standalone's own defaults.
 */
final class ServerSettingOverrides {

  private ServerSettingOverrides() {}

  /** The settings under {@code prefix}, by their name without it. */
  static Map<String, String> read(String prefix, Properties system) {
    Map<String, String> settings = new TreeMap<>();
    for (String name : system.stringPropertyNames()) {
      if (name.startsWith(prefix) && name.length() > prefix.length()) {
        settings.put(name.substring(prefix.length()), system.getProperty(name));
      }
    }
    return settings;
  }
}

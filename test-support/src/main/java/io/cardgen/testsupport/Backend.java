package io.cardgen.testsupport;

import java.util.Locale;

/**
 * Where the stack fixtures run their services: in this JVM (the default, needs only a JDK) or in
 * Docker containers through Testcontainers. Chosen for the whole test run by the system property
 * {@value #PROPERTY}, which the Maven profile {@code containers} sets to {@code containers}.
 */
public enum Backend {
  /** zonky PostgreSQL, S3Proxy, the standalone's KRaft broker: no Docker needed. */
  EMBEDDED,
  /** {@code postgres:17}, {@code apache/kafka:4.2.1} and the S3 image of docker-compose.yml. */
  CONTAINERS;

  public static final String PROPERTY = "cardgen.test.backend";

  /** The backend this run uses; an unknown value fails loudly rather than quietly embedding. */
  public static Backend selected() {
    String value = System.getProperty(PROPERTY, "embedded").strip().toUpperCase(Locale.ROOT);
    try {
      return valueOf(value);
    } catch (IllegalArgumentException unknown) {
      throw new IllegalStateException(
          PROPERTY + " must be 'embedded' or 'containers', not '" + value + "'", unknown);
    }
  }
}

package io.cardgen.testsupport;

import java.util.List;
import java.util.Map;

/** Header lookups over the maps the JDK's HTTP client and server hand out. */
public final class HttpHeaders {

  private HttpHeaders() {}

  /** The first value of header {@code name}, whatever its case; null when absent. */
  public static String first(Map<String, List<String>> headers, String name) {
    return headers.entrySet().stream()
        .filter(entry -> entry.getKey().equalsIgnoreCase(name))
        .map(entry -> entry.getValue().get(0))
        .findFirst()
        .orElse(null);
  }
}

package io.cardgen.gateway.web;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * A request path as the client spelled it, judged before any routing. The service has one spelling
 * for each of its paths, so anything that a decoder or a normaliser could turn into another path —
 * percent-encoding, {@code ;} parameters, {@code \}, empty, {@code .} or {@code ..} segments — is
 * ambiguous and refused, instead of hoping that every layer decodes it the same way.
 */
record RequestPath(String raw) {

  private static final Pattern SEGMENT = Pattern.compile("[A-Za-z0-9._~-]{1,200}");
  private static final int MAX_LENGTH = 2048;

  /** True when the path has exactly one reading: plain segments of unreserved characters. */
  boolean canonical() {
    if (raw.equals("/")) {
      return true;
    }
    if (!raw.startsWith("/") || raw.length() > MAX_LENGTH) {
      return false;
    }
    for (String segment : raw.substring(1).split("/", -1)) {
      if (!SEGMENT.matcher(segment).matches() || segment.equals(".") || segment.equals("..")) {
        return false;
      }
    }
    return true;
  }

  /**
   * True for the admin API and the actuator, whatever the letter case. Only meaningful on a {@link
   * #canonical()} path, where the raw spelling is the one the dispatcher routes.
   */
  boolean management() {
    String first = raw.length() > 1 ? raw.substring(1).split("/", 2)[0] : "";
    String lower = first.toLowerCase(Locale.ROOT);
    return lower.equals("admin") || lower.equals("actuator");
  }
}

package io.cardgen.gateway.api;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

/**
 * The media type a generation request must declare: {@code application/json}, with no parameter but
 * {@code charset=utf-8}. RFC 8259 makes UTF-8 the only encoding of JSON exchanged between systems,
 * so a UTF-16 body or a text/plain one is refused with 415 rather than guessed at.
 */
public final class JsonContentType {

  private JsonContentType() {}

  static boolean accepts(String contentType) {
    return isUtf8Application(contentType, List.of("json"));
  }

  /**
   * Whether {@code contentType} is {@code application/<one of subtypes>}, with no parameter but
   * {@code charset=utf-8}; batches take {@code json} and the NDJSON names too.
   */
  public static boolean isUtf8Application(String contentType, List<String> subtypes) {
    if (contentType == null) {
      return false;
    }
    MediaType type;
    try {
      type = MediaType.parseMediaType(contentType);
    } catch (InvalidMediaTypeException malformed) {
      return false;
    }
    if (!type.getType().equalsIgnoreCase("application")
        || subtypes.stream().noneMatch(type.getSubtype()::equalsIgnoreCase)) {
      return false;
    }
    Map<String, String> parameters = type.getParameters();
    return parameters.isEmpty()
        || (parameters.size() == 1
            && StandardCharsets.UTF_8.name().equalsIgnoreCase(unquoted(parameters.get("charset"))));
  }

  private static String unquoted(String value) {
    if (value != null && value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
      return value.substring(1, value.length() - 1);
    }
    return value;
  }
}

package io.cardgen.common.request;

import io.cardgen.common.error.Messages;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/**
 * Unknown top-level fields are ignored, so that a client written for a later revision keeps working
 * — but only a few small ones: a body of 100 000 unknown keys or a 10 MB unknown value is not a
 * newer client, and is refused before it costs anything.
 */
final class UnknownFields {

  static final int MAX_COUNT = 20;
  static final int MAX_CHARS = 1000;

  private static final Set<String> CURRENT =
      Set.of(
          "image_url",
          "short_description",
          "style",
          "product_facts",
          "length",
          "headers",
          "slogans",
          "creativity",
          "keywords",
          "features",
          "audience",
          "request_id");
  private static final int SHOWN_NAME_CHARS = 50;

  private UnknownFields() {}

  /**
   * The refusal message when the unknown fields break the cap, else empty. The same names count as
   * known in both revisions: the earlier one ignores the later fields, which are small by their own
   * rules anyway once a client switches.
   */
  static Optional<String> refusal(JsonNode body) {
    int count = 0;
    for (Map.Entry<String, JsonNode> field : body.properties()) {
      String name = field.getKey();
      if (CURRENT.contains(name)) {
        continue;
      }
      if (++count > MAX_COUNT) {
        return Optional.of(Messages.format("invalid.unknown_fields_count", MAX_COUNT));
      }
      if (name.length() + size(field.getValue()) > MAX_CHARS) {
        return Optional.of(Messages.format("invalid.unknown_field_size", shown(name), MAX_CHARS));
      }
    }
    return Optional.empty();
  }

  private static int size(JsonNode value) {
    return value.isString() ? value.stringValue().length() : value.toString().length();
  }

  private static String shown(String name) {
    return name.length() <= SHOWN_NAME_CHARS ? name : name.substring(0, SHOWN_NAME_CHARS) + "…";
  }
}

package io.cardgen.standalone;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.node.ObjectNode;

/**
 * Request bodies for contract tests: a valid minimal body, changed one field at a time. Values are
 * JSON literals sent byte for byte as given, so a test can send any type ({@code "5"}, {@code
 * "null"}), number form ({@code "3e2"}) or escape ({@code "\"\\ud800\""}) a JSON library would
 * normalise away.
 */
final class RequestBodies {

  static final String PHOTO = Banner.SAMPLE_PHOTO;
  static final String BARE_BASE64 = PHOTO.substring(PHOTO.indexOf(',') + 1);
  static final String LINK = "https://example.com/photos/mug.jpg";

  private final ObjectNode body;
  private final Map<String, String> literals;

  private RequestBodies(ObjectNode body, Map<String, String> literals) {
    this.body = body;
    this.literals = literals;
  }

  /** {@code image_url} one PNG, a Russian short description, style standard. */
  static RequestBodies aRequest() {
    ObjectNode body = TestStack.JSON.createObjectNode();
    body.put("image_url", PHOTO);
    body.put("short_description", "Керамическая кружка ручной работы");
    body.put("style", "standard");
    return new RequestBodies(body, Map.of());
  }

  RequestBodies with(String field, String jsonLiteral) {
    ObjectNode copy = body.deepCopy();
    String placeholder = "@@literal-" + field + "@@";
    copy.put(field, placeholder);
    Map<String, String> withLiteral = new LinkedHashMap<>(literals);
    withLiteral.put(string(placeholder), jsonLiteral);
    return new RequestBodies(copy, withLiteral);
  }

  RequestBodies without(String field) {
    ObjectNode copy = body.deepCopy();
    copy.remove(field);
    return new RequestBodies(copy, literals);
  }

  String json() {
    String json = body.toString();
    for (Map.Entry<String, String> literal : literals.entrySet()) {
      json = json.replace(literal.getKey(), literal.getValue());
    }
    return json;
  }

  @Override
  public String toString() {
    return json();
  }

  /** A JSON string literal of {@code text}. */
  static String string(String text) {
    return TestStack.JSON.writeValueAsString(text);
  }

  /** A JSON string literal of {@code count} copies of {@code unit}. */
  static String string(String unit, int count) {
    return string(unit.repeat(count));
  }

  /** A JSON array literal of {@code count} copies of {@code item}. */
  static String array(String itemLiteral, int count) {
    return "[" + String.join(",", Collections.nCopies(count, itemLiteral)) + "]";
  }
}

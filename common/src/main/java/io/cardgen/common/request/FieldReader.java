package io.cardgen.common.request;

import io.cardgen.common.error.Messages;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/** Reads one field at a time by its rule; the first broken rule stops the reading. */
final class FieldReader {

  /** Thrown inside the parser only, to stop at the first broken rule. */
  static final class Rejection extends RuntimeException {
    Rejection(String key, Object... arguments) {
      super(Messages.format(key, arguments), null, false, false);
    }
  }

  private final JsonNode body;
  private final boolean current;

  FieldReader(JsonNode body, ApiRevision revision) {
    this.body = body;
    this.current = revision == ApiRevision.CURRENT;
  }

  /** The field's value; {@code null} when it is absent. An explicit JSON null is returned. */
  private JsonNode field(String name) {
    return body.get(name);
  }

  private JsonNode required(String name) {
    JsonNode node = field(name);
    if (node == null || node.isNull()) {
      throw new Rejection("invalid.required", name);
    }
    return node;
  }

  List<String> photos() {
    JsonNode node = required("image_url");
    if (node.isString()) {
      return List.of(photo(node.stringValue(), "invalid.empty", "image_url"));
    }
    if (!node.isArray()) {
      throw new Rejection("invalid.image_url_type");
    }
    if (node.isEmpty()) {
      throw new Rejection("invalid.image_url_empty");
    }
    List<String> photos = new ArrayList<>(node.size());
    for (int index = 0; index < node.size(); index++) {
      JsonNode item = node.get(index);
      if (!item.isString()) {
        throw new Rejection("invalid.image_url_item", index + 1);
      }
      photos.add(photo(item.stringValue(), "invalid.image_url_item", index + 1));
    }
    return photos;
  }

  private static String photo(String value, String blankKey, Object blankArgument) {
    if (value.isBlank()) {
      throw new Rejection(blankKey, blankArgument);
    }
    return value.strip();
  }

  String shortDescription() {
    String value =
        text(
            "short_description",
            required("short_description"),
            RequestParser.MAX_SHORT_DESCRIPTION);
    if (value.isBlank()) {
      throw new Rejection("invalid.empty", "short_description");
    }
    return value;
  }

  /** A string of at most {@code maxLength} characters that can be stored as it is. */
  private static String text(String name, JsonNode node, int maxLength) {
    if (!node.isString()) {
      throw new Rejection("invalid.not_string", name);
    }
    String value = node.stringValue();
    if (Texts.length(value) > maxLength) {
      throw new Rejection("invalid.too_long", name, maxLength);
    }
    if (!Texts.isWellFormed(value)) {
      throw new Rejection("invalid.text_characters", name);
    }
    return value;
  }

  Style style() {
    JsonNode node = required("style");
    if (!node.isString()) {
      throw new Rejection("invalid.style");
    }
    return Style.fromWireName(node.stringValue()).orElseThrow(() -> new Rejection("invalid.style"));
  }

  Map<ProductFact, String> facts() {
    JsonNode node = field("product_facts");
    if (node == null) {
      return Map.of();
    }
    if (!node.isObject()) {
      throw new Rejection("invalid.facts_type");
    }
    Map<ProductFact, String> facts = new EnumMap<>(ProductFact.class);
    for (Map.Entry<String, JsonNode> entry : node.properties()) {
      ProductFact fact =
          ProductFact.fromWireName(entry.getKey())
              .orElseThrow(() -> new Rejection("invalid.facts_key", Texts.quote(entry.getKey())));
      if (!entry.getValue().isString()) {
        throw new Rejection("invalid.facts_value", fact.wireName());
      }
      String text =
          text("product_facts." + fact.wireName(), entry.getValue(), ProductFact.MAX_VALUE_LENGTH);
      if (!text.isBlank()) {
        facts.put(fact, text.strip());
      }
    }
    return facts;
  }

  Integer length() {
    JsonNode node = field("length");
    if (node == null) {
      return null;
    }
    if (!node.isIntegralNumber()
        || !node.canConvertToInt()
        || node.intValue() < RequestParser.MIN_LENGTH
        || node.intValue() > RequestParser.MAX_LENGTH) {
      throw new Rejection("invalid.length_range", RequestParser.MAX_LENGTH);
    }
    return node.intValue();
  }

  /**
   * headers/slogans: true, false, null, or the compatibility string equal to the field's name. The
   * earlier revision enables the block by any non-empty string.
   */
  Boolean compatFlag(String name) {
    JsonNode node = field(name);
    if (node == null || node.isNull()) {
      return null;
    }
    if (node.isBoolean()) {
      return node.booleanValue();
    }
    if (node.isString() && !current) {
      return !node.stringValue().isEmpty();
    }
    if (node.isString() && node.stringValue().equals(name)) {
      return true;
    }
    throw new Rejection(current ? "invalid.flag_compat" : "invalid.flag_legacy", name);
  }

  /** features/audience: only the JSON values true and false (spec §2.1). */
  Boolean flag(String name) {
    JsonNode node = field(name);
    if (node == null) {
      return null;
    }
    if (!node.isBoolean()) {
      throw new Rejection("invalid.not_boolean", name);
    }
    return node.booleanValue();
  }

  /** low, middle, high, or null; the earlier revision says balanced where this one says middle. */
  Creativity creativity() {
    JsonNode node = field("creativity");
    if (node == null || node.isNull()) {
      return null;
    }
    String rule = current ? "invalid.creativity" : "invalid.creativity_legacy";
    if (!node.isString() || (!current && node.stringValue().equals("middle"))) {
      throw new Rejection(rule);
    }
    return Creativity.fromWireName(node.stringValue()).orElseThrow(() -> new Rejection(rule));
  }

  List<String> keywords() {
    JsonNode node = field("keywords");
    if (node == null) {
      return null;
    }
    String value = text("keywords", node, RequestParser.MAX_KEYWORDS_CHARS);
    List<String> phrases =
        Arrays.stream(value.split(",")).map(String::strip).filter(p -> !p.isEmpty()).toList();
    if (phrases.size() > RequestParser.MAX_KEYWORD_PHRASES) {
      throw new Rejection("invalid.keywords_phrases", phrases.size());
    }
    for (String phrase : phrases) {
      if (Texts.length(phrase) > RequestParser.MAX_KEYWORD_PHRASE_CHARS) {
        throw new Rejection("invalid.keywords_phrase", Texts.quote(phrase));
      }
    }
    return phrases;
  }

  String requestId() {
    JsonNode node = field("request_id");
    if (node == null) {
      return null;
    }
    if (!node.isString() || !IdempotencyKeys.isValid(node.stringValue())) {
      throw new Rejection("invalid.idempotency_key", "request_id");
    }
    return node.stringValue();
  }
}

package io.cardgen.common.request;

import io.cardgen.common.error.Messages;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * Turns a JSON body into a {@link GenerationRequest} by the field rules of spec §2.1 and §8 that do
 * not depend on the plan. Reports the first rule broken, in field order, as a Russian message.
 */
public final class RequestParser {

  public static final int MAX_SHORT_DESCRIPTION = 500;
  public static final int MIN_LENGTH = 200;
  public static final int MAX_LENGTH = 3000;
  public static final int MAX_KEYWORDS_CHARS = 500;
  public static final int MAX_KEYWORD_PHRASES = 20;
  public static final int MAX_KEYWORD_PHRASE_CHARS = 100;

  private final ApiRevision revision;

  public RequestParser(ApiRevision revision) {
    this.revision = revision;
  }

  public ParseResult parse(JsonNode body) {
    if (body == null || !body.isObject()) {
      return invalid("invalid.body_not_object");
    }
    try {
      return new ParseResult.Valid(read(new Fields(body)));
    } catch (Rejection rejection) {
      return new ParseResult.Invalid(rejection.getMessage());
    }
  }

  private GenerationRequest read(Fields fields) {
    List<String> photos = fields.photos();
    String shortDescription = fields.requiredString("short_description", MAX_SHORT_DESCRIPTION);
    Style style = fields.style();
    boolean current = revision == ApiRevision.CURRENT;
    return new GenerationRequest(
        photos,
        shortDescription,
        style,
        current ? fields.facts() : Map.of(),
        fields.length(),
        fields.compatFlag("headers", current),
        fields.compatFlag("slogans", current),
        fields.creativity(current),
        current ? fields.keywords() : null,
        current ? fields.flag("features") : null,
        current ? fields.flag("audience") : null,
        current ? fields.requestId() : null);
  }

  private static ParseResult invalid(String key, Object... arguments) {
    return new ParseResult.Invalid(Messages.format(key, arguments));
  }

  static int lengthOf(String text) {
    return text.codePointCount(0, text.length());
  }

  /** Thrown inside the parser only, to stop at the first broken rule. */
  private static final class Rejection extends RuntimeException {
    Rejection(String key, Object... arguments) {
      super(Messages.format(key, arguments), null, false, false);
    }
  }

  private static final class Fields {
    private final JsonNode body;

    Fields(JsonNode body) {
      this.body = body;
    }

    private JsonNode present(String name) {
      JsonNode node = body.get(name);
      return node == null || node.isNull() ? null : node;
    }

    List<String> photos() {
      JsonNode node = present("image_url");
      if (node == null) {
        throw new Rejection("invalid.required", "image_url");
      }
      List<JsonNode> items = node.isArray() ? List.copyOf(node.values()) : List.of(node);
      if (items.isEmpty()) {
        throw new Rejection("invalid.image_url_empty");
      }
      List<String> photos = new ArrayList<>(items.size());
      for (int index = 0; index < items.size(); index++) {
        JsonNode item = items.get(index);
        if (!item.isString() && !node.isArray()) {
          throw new Rejection("invalid.image_url_type");
        }
        if (!item.isString() || item.stringValue().isBlank()) {
          throw new Rejection("invalid.image_url_item", index + 1);
        }
        photos.add(item.stringValue().strip());
      }
      return photos;
    }

    String requiredString(String name, int maxLength) {
      JsonNode node = present(name);
      if (node == null) {
        throw new Rejection("invalid.required", name);
      }
      String value = string(name, node, maxLength);
      if (value.isBlank()) {
        throw new Rejection("invalid.empty", name);
      }
      return value;
    }

    private static String string(String name, JsonNode node, int maxLength) {
      if (!node.isString()) {
        throw new Rejection("invalid.not_string", name);
      }
      String value = node.stringValue();
      if (lengthOf(value) > maxLength) {
        throw new Rejection("invalid.too_long", name, maxLength);
      }
      return value;
    }

    Style style() {
      JsonNode node = present("style");
      if (node == null) {
        throw new Rejection("invalid.required", "style");
      }
      if (!node.isString()) {
        throw new Rejection("invalid.style");
      }
      return Style.fromWireName(node.stringValue())
          .orElseThrow(() -> new Rejection("invalid.style"));
    }

    Map<ProductFact, String> facts() {
      JsonNode node = present("product_facts");
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
                .orElseThrow(() -> new Rejection("invalid.facts_key", entry.getKey()));
        JsonNode value = entry.getValue();
        if (!value.isString() || lengthOf(value.stringValue()) > ProductFact.MAX_VALUE_LENGTH) {
          throw new Rejection("invalid.facts_value", entry.getKey());
        }
        if (!value.stringValue().isBlank()) {
          facts.put(fact, value.stringValue().strip());
        }
      }
      return facts;
    }

    Integer length() {
      JsonNode node = present("length");
      if (node == null) {
        return null;
      }
      if (!node.isIntegralNumber() || !node.canConvertToInt()) {
        throw new Rejection("invalid.length_range", MAX_LENGTH);
      }
      int length = node.intValue();
      if (length < MIN_LENGTH || length > MAX_LENGTH) {
        throw new Rejection("invalid.length_range", MAX_LENGTH);
      }
      return length;
    }

    /**
     * headers/slogans: true, false, null, or the compatibility string equal to the field's name.
     * The earlier revision enables the block by any non-empty string.
     */
    Boolean compatFlag(String name, boolean current) {
      JsonNode node = present(name);
      if (node == null) {
        return null;
      }
      if (node.isBoolean()) {
        return node.booleanValue();
      }
      if (node.isString() && current && node.stringValue().equals(name)) {
        return true;
      }
      if (node.isString() && !current) {
        return !node.stringValue().isEmpty();
      }
      throw new Rejection("invalid.flag_compat", name);
    }

    Boolean flag(String name) {
      JsonNode node = present(name);
      if (node == null) {
        return null;
      }
      if (!node.isBoolean()) {
        throw new Rejection("invalid.not_boolean", name);
      }
      return node.booleanValue();
    }

    Creativity creativity(boolean current) {
      JsonNode node = present("creativity");
      if (node == null) {
        return null;
      }
      if (!node.isString()) {
        throw new Rejection("invalid.creativity");
      }
      String value = node.stringValue();
      if (!current && value.equals("middle")) {
        throw new Rejection("invalid.creativity");
      }
      return Creativity.fromWireName(value).orElseThrow(() -> new Rejection("invalid.creativity"));
    }

    List<String> keywords() {
      JsonNode node = present("keywords");
      if (node == null) {
        return null;
      }
      String value = string("keywords", node, MAX_KEYWORDS_CHARS);
      List<String> phrases =
          Arrays.stream(value.split(",")).map(String::strip).filter(p -> !p.isEmpty()).toList();
      if (phrases.size() > MAX_KEYWORD_PHRASES) {
        throw new Rejection("invalid.keywords_phrases");
      }
      if (phrases.stream().anyMatch(phrase -> lengthOf(phrase) > MAX_KEYWORD_PHRASE_CHARS)) {
        throw new Rejection("invalid.keywords_phrase");
      }
      return phrases;
    }

    String requestId() {
      JsonNode node = present("request_id");
      if (node == null) {
        return null;
      }
      if (!node.isString() || !IdempotencyKeys.isValid(node.stringValue())) {
        throw new Rejection("invalid.idempotency_key", "request_id");
      }
      return node.stringValue();
    }
  }
}

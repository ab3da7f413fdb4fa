package io.cardgen.standalone;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Values drawn from a JSON schema of the OpenAPI document: each keyword (type, enum, const, oneOf,
 * anyOf, required, properties, additionalProperties, length, item and number bounds) steers the
 * draw toward its boundaries — just inside and just outside — and now and then a value of another
 * type. Whether a value is valid is not decided here but by the schema validator: the sampler only
 * makes the interesting cases likely.
 */
final class SchemaSampler {

  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final String[] LETTERS = {
    "к", "Ж", "ё", "a", "Z", "7", " ", "-", ".", "\u00A0", "😀", "_", ":", "'", "\""
  };
  private static final String[] ODD = {"\u0000", "\uD800", "\uDC00", "\t", "\u2003", "\n", ","};
  private static final String[] KEY_CHARS = {"a", "Z", "0", "9", ".", "_", ":", "-"};
  private static final String[] PHOTOS_VALID = {
    RequestBodies.PHOTO, RequestBodies.BARE_BASE64, "https://93.184.215.14/photos/mug.jpg"
  };
  private static final String[] PHOTOS_BROKEN = {
    "ftp://example.com/a.jpg",
    "javascript:alert(1)",
    "https://user:pw@example.com/a.jpg",
    "data:text/plain;base64,aGk=",
    "https:///a.jpg",
    "not base64 at all!"
  };

  private final OpenApiSchemas openApi;
  private final Random random;

  /**
   * Whether this request may break rules. Every field breaking its rule independently would make
   * nearly every request invalid, and valid ones would go untested; so half of the requests keep
   * every rule and the other half break them at the odds below.
   */
  private boolean wild;

  SchemaSampler(OpenApiSchemas openApi, Random random) {
    this.openApi = openApi;
    this.random = random;
  }

  /** A new request: decides whether it may break rules, then samples it. */
  JsonNode sampleRequest(JsonNode schema) {
    wild = random.nextBoolean();
    return sample(schema);
  }

  JsonNode sample(JsonNode schema) {
    if (schema.has("$ref") && schema.get("$ref").asString().endsWith("/Photo")) {
      return NODES.stringNode(photo());
    }
    JsonNode resolved = openApi.resolve(schema);
    if (odds(30)) {
      return anyScalar();
    }
    if (resolved.has("const")) {
      return resolved.get("const");
    }
    if (resolved.has("enum")) {
      return odds(10) ? NODES.stringNode("other") : pick(resolved.get("enum"));
    }
    for (String combinator : List.of("oneOf", "anyOf")) {
      if (resolved.has(combinator)) {
        return sample(pick(resolved.get(combinator)));
      }
    }
    JsonNode type = resolved.get("type");
    String chosen =
        type == null ? "string" : type.isArray() ? pick(type).asString() : type.asString();
    return switch (chosen) {
      case "object" -> object(resolved);
      case "array" -> array(resolved);
      case "integer" -> integer(resolved);
      case "boolean" -> NODES.booleanNode(random.nextBoolean());
      case "null" -> NODES.nullNode();
      default -> NODES.stringNode(string(resolved));
    };
  }

  private JsonNode object(JsonNode schema) {
    ObjectNode object = NODES.objectNode();
    List<String> required = new ArrayList<>();
    schema.path("required").forEach(name -> required.add(name.asString()));
    for (Map.Entry<String, JsonNode> property : schema.path("properties").properties()) {
      boolean present = required.contains(property.getKey()) ? !odds(40) : random.nextBoolean();
      if (present) {
        object.set(property.getKey(), sample(property.getValue()));
      }
    }
    if (schema.path("additionalProperties").isBoolean() && odds(15)) {
      object.put("unknown_" + random.nextInt(100), "x");
    }
    return object;
  }

  private JsonNode array(JsonNode schema) {
    int min = schema.path("minItems").asInt(0);
    int max = schema.path("maxItems").asInt(min + 4);
    int size = boundary(min, max, 3);
    ArrayNode array = NODES.arrayNode();
    for (int i = 0; i < size; i++) {
      array.add(sample(schema.path("items")));
    }
    return array;
  }

  private JsonNode integer(JsonNode schema) {
    int min = schema.path("minimum").asInt(-1000);
    int max = schema.path("maximum").asInt(1000);
    return NODES.numberNode(boundary(min, max, 1));
  }

  private String string(JsonNode schema) {
    int min = schema.path("minLength").asInt(0);
    int max = schema.path("maxLength").asInt(120);
    String pattern = schema.path("pattern").asString("");
    String[] alphabet = pattern.contains("A-Za-z0-9._:-") ? KEY_CHARS : LETTERS;
    int length = boundary(min, max, 2);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < length; i++) {
      boolean odd = odds(pattern.contains(",") ? 8 : 60);
      text.append(
          odd ? ODD[random.nextInt(ODD.length)] : alphabet[random.nextInt(alphabet.length)]);
    }
    if (odds(20)) {
      return " ".repeat(Math.max(1, length));
    }
    return text.toString();
  }

  /** Mostly small, often at a bound, sometimes just past one. */
  private int boundary(int min, int max, int pastBy) {
    return switch (random.nextInt(wild ? 8 : 6)) {
      case 0 -> min;
      case 1 -> max;
      case 6 -> Math.max(0, min - pastBy);
      case 7 -> max + random.nextInt(pastBy) + 1;
      default -> min + random.nextInt(Math.max(1, Math.min(max, min + 40) - min + 1));
    };
  }

  private String photo() {
    return odds(6)
        ? PHOTOS_BROKEN[random.nextInt(PHOTOS_BROKEN.length)]
        : PHOTOS_VALID[random.nextInt(PHOTOS_VALID.length)];
  }

  /** One chance in {@code n} of breaking a rule, in a request that may break rules. */
  private boolean odds(int n) {
    return wild && random.nextInt(n) == 0;
  }

  private JsonNode anyScalar() {
    return switch (random.nextInt(4)) {
      case 0 -> NODES.numberNode(random.nextInt(5000));
      case 1 -> NODES.booleanNode(random.nextBoolean());
      case 2 -> NODES.nullNode();
      default -> NODES.objectNode();
    };
  }

  private JsonNode pick(JsonNode array) {
    return array.get(random.nextInt(array.size()));
  }
}

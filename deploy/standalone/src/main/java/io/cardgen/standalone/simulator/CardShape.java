package io.cardgen.standalone.simulator;

import java.util.List;
import java.util.Map;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.MissingNode;

/**
 * The blocks the card must have and how many items each list holds, read from the request's JSON
 * schema: the worker states the plan's blocks and counts there. A request that asks only for a JSON
 * object ({@code "type": "json_object"}, for providers that take no schema) has the schema in its
 * prompt instead, on the line after {@link #SCHEMA_IN_PROMPT}, and a model reads it there.
 */
record CardShape(List<Block> blocks) {

  static final CardShape DESCRIPTION_ONLY =
      new CardShape(List.of(new Block("description", Kind.TEXT, 0)));

  /** The line the worker writes before a schema it puts into the prompt. */
  static final String SCHEMA_IN_PROMPT =
      "Answer with one JSON object that follows this JSON schema:";

  /** Used when an array in the schema states no item count. */
  private static final int DEFAULT_ITEMS = 3;

  static CardShape of(JsonNode responseFormat) {
    return of(responseFormat, "");
  }

  /**
   * @param userText the user messages' text, where a {@code json_object} request's schema is
   */
  static CardShape of(JsonNode responseFormat, String userText) {
    String type = responseFormat.path("type").asString("");
    JsonNode schema =
        switch (type) {
          case "json_schema" -> responseFormat.path("json_schema").path("schema");
          case "json_object" -> schemaInPrompt(userText);
          default -> MissingNode.getInstance();
        };
    JsonNode properties = schema.path("properties");
    if (!properties.isObject()) {
      return DESCRIPTION_ONLY;
    }
    return new CardShape(properties.properties().stream().map(CardShape::block).toList());
  }

  private static JsonNode schemaInPrompt(String userText) {
    int marker = userText.indexOf(SCHEMA_IN_PROMPT);
    if (marker < 0) {
      return MissingNode.getInstance();
    }
    String rest = userText.substring(marker + SCHEMA_IN_PROMPT.length()).strip();
    int end = rest.indexOf('\n');
    try {
      return Json.MAPPER.readTree(end < 0 ? rest : rest.substring(0, end));
    } catch (JacksonException unreadable) {
      return MissingNode.getInstance();
    }
  }

  private static Block block(Map.Entry<String, JsonNode> property) {
    JsonNode definition = property.getValue();
    if (!"array".equals(definition.path("type").asString(""))) {
      return new Block(property.getKey(), Kind.TEXT, 0);
    }
    int min = definition.path("minItems").asInt(0);
    int max = definition.path("maxItems").asInt(0);
    int items = min > 0 ? min : max > 0 ? max : DEFAULT_ITEMS;
    return new Block(property.getKey(), Kind.LIST, items);
  }

  enum Kind {
    TEXT,
    LIST
  }

  /**
   * @param items how many entries a list block gets; 0 for text
   */
  record Block(String name, Kind kind, int items) {}
}

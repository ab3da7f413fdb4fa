package io.cardgen.standalone.simulator;

import java.util.List;
import java.util.Map;
import tools.jackson.databind.JsonNode;

/**
 * The blocks the card must have and how many items each list holds, read from the request's JSON
 * schema: the worker states the plan's blocks and counts there, not in the prompt.
 */
record CardShape(List<Block> blocks) {

  static final CardShape DESCRIPTION_ONLY =
      new CardShape(List.of(new Block("description", Kind.TEXT, 0)));

  /** Used when an array in the schema states no item count. */
  private static final int DEFAULT_ITEMS = 3;

  static CardShape of(JsonNode responseFormat) {
    JsonNode properties = responseFormat.path("json_schema").path("schema").path("properties");
    if (!"json_schema".equals(responseFormat.path("type").asString("")) || !properties.isObject()) {
      return DESCRIPTION_ONLY;
    }
    return new CardShape(properties.properties().stream().map(CardShape::block).toList());
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

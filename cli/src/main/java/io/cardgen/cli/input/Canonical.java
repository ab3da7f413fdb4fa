package io.cardgen.cli.input;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/** JSON with object keys sorted at every level: equal content, equal bytes. */
final class Canonical {

  private Canonical() {}

  static JsonNode of(JsonNode node) {
    if (node instanceof ObjectNode object) {
      List<String> names = new ArrayList<>(object.propertyNames());
      Collections.sort(names);
      ObjectNode sorted = JsonNodeFactory.instance.objectNode();
      for (String name : names) {
        sorted.set(name, of(object.get(name)));
      }
      return sorted;
    }
    if (node instanceof ArrayNode array) {
      ArrayNode copy = JsonNodeFactory.instance.arrayNode(array.size());
      array.forEach(element -> copy.add(of(element)));
      return copy;
    }
    return node;
  }
}

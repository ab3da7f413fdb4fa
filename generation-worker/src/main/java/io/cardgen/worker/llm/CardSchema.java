package io.cardgen.worker.llm;

import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonRawSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.worker.validation.OutputValidator;
import java.util.ArrayList;
import java.util.List;

/**
 * The strict JSON schema of the answer, built per request so that it holds only the blocks this
 * card asks for: the model cannot add a block the plan lacks or drop one that was requested.
 */
final class CardSchema {

  static final String NAME = "product_card";

  private CardSchema() {}

  static ResponseFormat responseFormat(CardSpec spec) {
    JsonObjectSchema.Builder root = JsonObjectSchema.builder();
    List<String> required = new ArrayList<>();
    root.addStringProperty(
        "description",
        "Plain-text product description of %d to %d characters"
            .formatted(
                OutputValidator.minLength(spec.length()),
                OutputValidator.maxLength(spec.length())));
    required.add("description");
    addList(root, required, "features", spec.featuresCount(), "product characteristics");
    if (spec.audience()) {
      root.addStringProperty("audience", "Who the product is for, one short paragraph");
      required.add("audience");
    }
    addList(root, required, "headers", spec.headersCount(), "headlines");
    addList(root, required, "slogans", spec.slogansCount(), "advertising slogans");
    JsonObjectSchema schema = root.required(required).additionalProperties(false).build();
    return ResponseFormat.builder()
        .type(ResponseFormatType.JSON)
        .jsonSchema(JsonSchema.builder().name(NAME).rootElement(schema).build())
        .build();
  }

  private static void addList(
      JsonObjectSchema.Builder root, List<String> required, String name, int count, String what) {
    if (count > 0) {
      root.addProperty(name, exactList(count, what));
      required.add(name);
    }
  }

  /**
   * langchain4j 1.19's {@code JsonArraySchema} has no minItems/maxItems, but a raw schema is sent
   * to OpenAI verbatim, so the exact count goes into the schema and, for providers that ignore
   * those keywords, into the description too. The validator checks the count either way.
   */
  private static JsonSchemaElement exactList(int count, String what) {
    return JsonRawSchema.from(
        """
        {"type": "array", "description": "Exactly %d %s, each a single non-empty line",
         "items": {"type": "string"}, "minItems": %d, "maxItems": %d}"""
            .formatted(count, what, count, count));
  }
}

package io.cardgen.worker.llm;

import dev.langchain4j.internal.JsonSchemaElementUtils;
import dev.langchain4j.model.chat.request.ResponseFormat;
import io.cardgen.common.wire.CardSpec;
import java.util.Optional;
import tools.jackson.databind.json.JsonMapper;

/**
 * How the provider is asked for a card-shaped answer ({@code cardgen.llm.response-format}). OpenAI
 * and most providers take the card's JSON schema as the request's {@code response_format} and hold
 * the model to it ({@link #JSON_SCHEMA}, the default). Some OpenAI-compatible providers answer such
 * a request with HTTP 400 and take only {@code {"type": "json_object"}}, which asks for some JSON
 * object ({@link #JSON_OBJECT}): the schema then goes into the prompt, as text the model reads, and
 * the validator checks the answer against it as it does in every mode.
 */
enum AnswerFormat {
  JSON_SCHEMA,
  JSON_OBJECT;

  /** The line before the schema in the prompt; the simulator finds the schema after it. */
  static final String SCHEMA_IN_PROMPT =
      "Answer with one JSON object that follows this JSON schema:";

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** The request's {@code response_format} for {@code spec}. */
  ResponseFormat responseFormat(CardSpec spec) {
    return this == JSON_SCHEMA ? CardSchema.responseFormat(spec) : ResponseFormat.JSON;
  }

  /**
   * What the prompt must add for the model to know the answer's shape: the schema itself when the
   * request does not carry it. It is written as the request would carry it (langchain4j's own
   * conversion, strict), so the model reads the same counts and keys in either mode.
   */
  Optional<String> schemaInPrompt(CardSpec spec) {
    if (this == JSON_SCHEMA) {
      return Optional.empty();
    }
    Object schema =
        JsonSchemaElementUtils.toMap(
            CardSchema.responseFormat(spec).jsonSchema().rootElement(), true);
    return Optional.of(SCHEMA_IN_PROMPT + "\n" + JSON.writeValueAsString(schema));
  }
}

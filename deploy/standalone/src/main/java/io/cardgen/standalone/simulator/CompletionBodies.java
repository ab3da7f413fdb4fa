package io.cardgen.standalone.simulator;

import tools.jackson.databind.node.ObjectNode;

/** Response bodies in the OpenAI Chat Completions wire format. */
final class CompletionBodies {

  private static final int CHARS_PER_TOKEN = 4;

  /** What OpenAI charges for a low-detail image; close enough for a usage estimate. */
  private static final int TOKENS_PER_IMAGE = 85;

  private CompletionBodies() {}

  static ObjectNode completion(String id, long created, ChatRequest request, Reply reply) {
    ObjectNode body = Json.MAPPER.createObjectNode();
    body.put("id", id)
        .put("object", "chat.completion")
        .put("created", created)
        .put("model", request.model());
    ObjectNode choice = body.putArray("choices").addObject();
    choice.put("index", 0);
    choice
        .putObject("message")
        .put("role", "assistant")
        .put("content", reply.content())
        .put("refusal", reply.refusal());
    choice.putNull("logprobs");
    choice.put("finish_reason", reply.finishReason());
    int promptTokens =
        request.promptChars() / CHARS_PER_TOKEN + request.images() * TOKENS_PER_IMAGE;
    int completionTokens = reply.length() / CHARS_PER_TOKEN;
    body.putObject("usage")
        .put("prompt_tokens", promptTokens)
        .put("completion_tokens", completionTokens)
        .put("total_tokens", promptTokens + completionTokens);
    body.put("system_fingerprint", "cardgen-simulator");
    return body;
  }

  /** An OpenAI error body, e.g. {@code {"error":{"message":…,"type":"invalid_request_error"}}}. */
  static ObjectNode error(String message, String type) {
    ObjectNode body = Json.MAPPER.createObjectNode();
    body.putObject("error")
        .put("message", message)
        .put("type", type)
        .putNull("param")
        .putNull("code");
    return body;
  }
}

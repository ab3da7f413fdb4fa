package io.cardgen.standalone.simulator;

import tools.jackson.databind.JsonNode;

/**
 * The parts of a chat completion request the simulator reacts to.
 *
 * @param userText the text of every user message, image parts left out
 * @param promptChars the text length of all messages, for the usage estimate
 * @param images how many image parts the user sent, for the usage estimate
 * @param followUp whether the conversation already holds an assistant answer, as in the worker's
 *     repair round
 */
record ChatRequest(
    String model, String userText, int promptChars, int images, CardShape shape, boolean followUp) {

  private static final String DEFAULT_MODEL = "cardgen-simulator";

  static ChatRequest read(JsonNode root) {
    if (!root.isObject()) {
      throw new InvalidChatRequest("Request body must be a JSON object");
    }
    if (root.path("stream").asBoolean(false)) {
      throw new InvalidChatRequest("The simulator does not support stream=true");
    }
    JsonNode messages = root.path("messages");
    if (!messages.isArray() || messages.isEmpty()) {
      throw new InvalidChatRequest("messages must be a non-empty array");
    }
    MessageTexts texts = new MessageTexts();
    messages.values().forEach(texts::add);
    return new ChatRequest(
        root.path("model").asString(DEFAULT_MODEL),
        texts.user.toString(),
        texts.chars,
        texts.images,
        CardShape.of(root.path("response_format")),
        texts.followUp);
  }

  /** Collects message texts; content is either a string or an array of typed parts. */
  private static final class MessageTexts {
    private final StringBuilder user = new StringBuilder();
    private int chars;
    private int images;
    private boolean followUp;

    void add(JsonNode message) {
      String role = message.path("role").asString("");
      boolean fromUser = "user".equals(role);
      followUp |= "assistant".equals(role);
      JsonNode content = message.path("content");
      if (content.isString()) {
        addText(content.stringValue(), fromUser);
        return;
      }
      for (JsonNode part : content.values()) {
        switch (part.path("type").asString("")) {
          case "text" -> addText(part.path("text").asString(""), fromUser);
          case "image_url" -> images++;
          default -> {}
        }
      }
    }

    private void addText(String text, boolean fromUser) {
      chars += text.length();
      if (fromUser) {
        user.append(text).append('\n');
      }
    }
  }
}

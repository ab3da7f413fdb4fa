package io.cardgen.standalone.simulator;

import java.util.Locale;
import java.util.Optional;
import tools.jackson.databind.JsonNode;

/**
 * The parts of a chat completion request the simulator reacts to.
 *
 * @param userText the text of every user message, image parts left out
 * @param promptChars the text length of all messages, for the usage estimate
 * @param images how many image parts the user sent, for the usage estimate
 * @param followUp whether the conversation already holds an assistant answer, as in the worker's
 *     repair round
 * @param previousAnswer the text of the last assistant answer; empty when there is none
 * @param repairText the text of the user messages after the first assistant answer: in the worker's
 *     repair round, what the model is told to fix; empty when there is none
 */
record ChatRequest(
    String model,
    String userText,
    int promptChars,
    int images,
    CardShape shape,
    boolean followUp,
    String previousAnswer,
    String repairText) {

  private static final String DEFAULT_MODEL = "cardgen-simulator";

  /** DeepSeek's answer to a JSON schema in {@code response_format}, which it does not take. */
  static final String NO_JSON_SCHEMA = "This response_format type is unavailable now";

  /** OpenAI's rule for {@code json_object}: a model told nothing of JSON may never stop. */
  static final String JSON_NOT_MENTIONED =
      "'messages' must contain the word 'json' in some form, to use 'response_format' of type"
          + " 'json_object'.";

  static ChatRequest read(JsonNode root) {
    return read(root, true);
  }

  /**
   * @param takesJsonSchema whether a JSON schema in {@code response_format} is taken; a provider
   *     that takes none answers such a request 400, as DeepSeek does
   */
  static ChatRequest read(JsonNode root, boolean takesJsonSchema) {
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
    String format = root.path("response_format").path("type").asString("");
    if (format.equals("json_schema") && !takesJsonSchema) {
      throw new InvalidChatRequest(NO_JSON_SCHEMA);
    }
    if (format.equals("json_object") && !texts.mentionJson()) {
      throw new InvalidChatRequest(JSON_NOT_MENTIONED);
    }
    return new ChatRequest(
        root.path("model").asString(DEFAULT_MODEL),
        texts.user.toString(),
        texts.chars,
        texts.images,
        CardShape.of(root.path("response_format"), texts.user.toString()),
        texts.followUp,
        texts.previousAnswer,
        texts.repair.toString());
  }

  /**
   * The user text before the first assistant answer: the card's prompt, the same in every call of
   * one card, its retries and repair round included.
   */
  String cardPrompt() {
    return userText.substring(0, userText.length() - repairText.length());
  }

  /** The language a repair round tells the model to write in, if it names one. */
  Optional<Language> askedLanguage() {
    return Language.askedIn(repairText);
  }

  /** Collects message texts; content is either a string or an array of typed parts. */
  private static final class MessageTexts {
    private final StringBuilder user = new StringBuilder();
    private final StringBuilder repair = new StringBuilder();
    private String previousAnswer = "";
    private int chars;
    private int images;
    private boolean followUp;
    private boolean json;

    void add(JsonNode message) {
      String role = message.path("role").asString("");
      boolean fromUser = "user".equals(role);
      boolean fromAssistant = "assistant".equals(role);
      JsonNode content = message.path("content");
      if (content.isString()) {
        addText(content.stringValue(), fromUser);
      } else {
        for (JsonNode part : content.values()) {
          switch (part.path("type").asString("")) {
            case "text" -> addText(part.path("text").asString(""), fromUser);
            case "image_url" -> images++;
            default -> {}
          }
        }
      }
      if (fromAssistant) {
        previousAnswer = content.asString("");
      }
      followUp |= fromAssistant;
    }

    boolean mentionJson() {
      return json;
    }

    private void addText(String text, boolean fromUser) {
      chars += text.length();
      json |= text.toLowerCase(Locale.ROOT).contains("json");
      if (fromUser) {
        user.append(text).append('\n');
        if (followUp) {
          repair.append(text).append('\n');
        }
      }
    }
  }
}

package io.cardgen.worker.llm;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import io.cardgen.common.card.CardContent;
import io.cardgen.common.error.ErrorCode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the model's answer into card texts. The order of checks matters: a filtered or truncated
 * answer is reported as such even when its partial text happens to be empty or broken JSON. Parsing
 * is strict (unknown or duplicate keys, wrong types, trailing text are all rejected) because a
 * lenient reader would let a malformed answer reach the card; such an answer is handed on as
 * unreadable, for the repair round to fix, rather than ending the card here. The one exception is a
 * whole answer that is a single markdown code block: its inside is read as strictly, and the fence
 * counted as a violation that the reading fixed ({@link CodeFence}).
 */
final class ResponseReader {

  private static final JsonMapper STRICT =
      JsonMapper.builder()
          .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .build();

  private static final Set<String> KEYS =
      Set.of("description", "features", "audience", "headers", "slogans");

  Step<Answer> read(ChatResponse response) {
    FinishReason finish = response.finishReason();
    if (finish == FinishReason.CONTENT_FILTER) {
      return Step.stop(ErrorCode.GENERATION_REFUSED, "the provider filtered the answer");
    }
    if (finish == FinishReason.LENGTH) {
      return Step.stop(ErrorCode.GENERATION_INCOMPLETE, "the answer hit the token limit");
    }
    String text = response.aiMessage() == null ? null : response.aiMessage().text();
    if (text == null || text.isBlank()) {
      return Step.stop(ErrorCode.GENERATION_EMPTY, "the answer has no content");
    }
    TokenUsage usage = response.tokenUsage();
    int promptTokens = count(usage, TokenUsage::inputTokenCount);
    int completionTokens = count(usage, TokenUsage::outputTokenCount);
    AiMessage message = response.aiMessage();
    Optional<String> fenced = CodeFence.inside(text);
    try {
      if (fenced.isPresent()) {
        CardContent card = parse(fenced.get());
        return Step.ok(Answer.fencedCard(message, promptTokens, completionTokens, card));
      }
      return Step.ok(Answer.card(message, promptTokens, completionTokens, parse(text)));
    } catch (JacksonException e) {
      return Step.ok(
          Answer.unreadable(message, promptTokens, completionTokens, e.getOriginalMessage()));
    } catch (MalformedCard e) {
      return Step.ok(Answer.unreadable(message, promptTokens, completionTokens, e.getMessage()));
    }
  }

  static CardContent parse(String text) {
    JsonNode root = STRICT.readTree(text);
    if (root == null || !root.isObject()) {
      throw new MalformedCard("the answer is not a JSON object");
    }
    for (Map.Entry<String, JsonNode> property : root.properties()) {
      if (!KEYS.contains(property.getKey())) {
        throw new MalformedCard("unknown key " + property.getKey());
      }
    }
    return new CardContent(
        requiredString(root, "description"),
        list(root, "features"),
        string(root, "audience"),
        list(root, "headers"),
        list(root, "slogans"));
  }

  /** The description: a card's one block that is never optional, so never null. */
  private static String requiredString(JsonNode root, String key) {
    JsonNode node = root.get(key);
    if (node != null && node.isNull()) {
      throw new MalformedCard(key + " is null");
    }
    return string(root, key);
  }

  private static String string(JsonNode root, String key) {
    JsonNode node = root.get(key);
    if (node == null || node.isNull()) {
      return null; // spec §2.2: a block not requested is empty or null
    }
    if (!node.isString()) {
      throw new MalformedCard(key + " is not a string");
    }
    return node.stringValue();
  }

  private static List<String> list(JsonNode root, String key) {
    JsonNode node = root.get(key);
    if (node == null || node.isNull()) {
      return null;
    }
    if (!node.isArray()) {
      throw new MalformedCard(key + " is not an array");
    }
    List<String> items = new ArrayList<>(node.size());
    for (JsonNode item : node.values()) {
      if (!item.isString()) {
        throw new MalformedCard(key + " holds a non-string item");
      }
      items.add(item.stringValue());
    }
    return List.copyOf(items);
  }

  private static int count(TokenUsage usage, Function<TokenUsage, Integer> field) {
    Integer value = usage == null ? null : field.apply(usage);
    return value == null ? 0 : value;
  }

  /** The answer is JSON but not shaped like a card. */
  static final class MalformedCard extends RuntimeException {
    MalformedCard(String message) {
      super(message, null, false, false);
    }
  }
}

package io.cardgen.worker.llm;

import dev.langchain4j.data.message.AiMessage;
import io.cardgen.common.card.CardContent;
import io.cardgen.worker.validation.Violation;
import io.cardgen.worker.validation.Violation.Rule;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A model answer that the provider completed normally, not yet validated: either card texts or the
 * reason it is not a card (broken JSON, an unknown key, …). Both are repairable, so an unreadable
 * answer is a value here, not a failure. The raw message is kept so that a repair round can show
 * the model its own answer next to what was wrong with it.
 *
 * @param content the card texts; {@code null} when the answer is not a card
 * @param unreadable why the answer is not a card; {@code null} when it is one
 * @param fenced whether the card's JSON came wrapped in a markdown code block ({@link CodeFence}):
 *     a violation of its own, which reading the block's inside has already fixed
 */
record Answer(
    AiMessage message,
    int promptTokens,
    int completionTokens,
    CardContent content,
    Violation unreadable,
    boolean fenced) {

  static final Violation FENCED =
      new Violation(
          Rule.CODE_FENCE,
          "the answer wraps the JSON object in a markdown code block; answer with the bare object");

  static Answer card(AiMessage message, int promptTokens, int completionTokens, CardContent card) {
    return new Answer(message, promptTokens, completionTokens, card, null, false);
  }

  /** A card whose JSON the model wrapped in a code block. */
  static Answer fencedCard(
      AiMessage message, int promptTokens, int completionTokens, CardContent card) {
    return new Answer(message, promptTokens, completionTokens, card, null, true);
  }

  static Answer unreadable(AiMessage message, int promptTokens, int completionTokens, String why) {
    Violation violation =
        new Violation(
            Rule.NOT_A_CARD,
            "the answer is not the JSON object the response schema defines: " + why);
    return new Answer(message, promptTokens, completionTokens, null, violation, false);
  }

  /** The same answer with its texts fixed locally; the message stays what the model wrote. */
  Answer withContent(CardContent fixed) {
    return new Answer(message, promptTokens, completionTokens, fixed, null, false);
  }

  /**
   * What is wrong with this answer under {@code rules}; an unreadable answer is wrong as such, a
   * fenced one for its fence too.
   */
  List<Violation> violations(Function<CardContent, List<Violation>> rules) {
    if (content == null) {
      return List.of(unreadable);
    }
    if (!fenced) {
      return rules.apply(content);
    }
    List<Violation> all = new ArrayList<>();
    all.add(FENCED);
    all.addAll(rules.apply(content));
    return all;
  }
}

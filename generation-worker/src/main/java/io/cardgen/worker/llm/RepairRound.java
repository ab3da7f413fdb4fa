package io.cardgen.worker.llm;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import io.cardgen.common.card.CardContent;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.worker.validation.Violation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The conversation of the one repair round: the first round's messages, the model's rejected answer
 * as its own turn, and a user message naming precisely what was wrong with it. Showing the model
 * its answer lets it keep what was right instead of starting over.
 */
final class RepairRound {

  private final PromptTemplate text;

  RepairRound(PromptLibrary prompts) {
    this.text = prompts.repair();
  }

  List<ChatMessage> messages(CardSpec spec, List<ChatMessage> first, Round.Rejected rejected) {
    List<ChatMessage> messages = new ArrayList<>(first);
    messages.add(rejected.answer().message());
    CardContent content = rejected.answer().content();
    String description = content == null ? null : content.description();
    messages.add(UserMessage.from(text(spec, rejected.violations(), description)));
    return List.copyOf(messages);
  }

  /**
   * @param description the rejected description, to state the exact length change; {@code null}
   *     when the answer had none
   */
  String text(CardSpec spec, List<Violation> violations, String description) {
    String list =
        violations.stream()
            .map(violation -> "- " + CardPrompt.oneLine(violation.detail()))
            .collect(Collectors.joining("\n"));
    LengthTarget target = LengthTarget.of(spec.length(), spec.shortDescription());
    Map<String, String> values = target.values();
    values.put("violations", list);
    values.put(
        "length_fix",
        description == null ? "" : target.fix(description.codePointCount(0, description.length())));
    return text.render(values);
  }
}

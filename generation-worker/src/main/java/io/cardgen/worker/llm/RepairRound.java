package io.cardgen.worker.llm;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.worker.validation.OutputValidator;
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
    messages.add(UserMessage.from(text(spec, rejected.violations())));
    return List.copyOf(messages);
  }

  String text(CardSpec spec, List<Violation> violations) {
    String list =
        violations.stream()
            .map(violation -> "- " + CardPrompt.oneLine(violation.detail()))
            .collect(Collectors.joining("\n"));
    return text.render(
        Map.of(
            "violations", list,
            "length", Integer.toString(spec.length()),
            "min_length", Integer.toString(OutputValidator.minLength(spec.length())),
            "max_length", Integer.toString(OutputValidator.maxLength(spec.length()))));
  }
}

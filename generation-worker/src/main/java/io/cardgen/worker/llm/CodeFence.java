package io.cardgen.worker.llm;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A model answer wrapped in one markdown code block, as models write JSON when no response format
 * holds them to bare JSON (a provider that ignores {@code response_format}, or takes none): {@code
 * ```json}, the object, {@code ```}. Only a whole answer that is one such block counts; text before
 * or after it, or a second block, leaves the answer as it is, for the strict reader to refuse.
 */
final class CodeFence {

  // The opening fence with an optional language tag on its own line, then everything up to a
  // closing fence that ends the answer; no fence inside.
  private static final Pattern WHOLE_BLOCK =
      Pattern.compile("\\A```[A-Za-z]*[ \\t]*\\R((?:(?!```)[\\s\\S])*?)\\R?```\\z");

  private CodeFence() {}

  /** What the one block of {@code answer} holds; empty when the answer is no such block. */
  static Optional<String> inside(String answer) {
    Matcher block = WHOLE_BLOCK.matcher(answer.strip());
    return block.matches() ? Optional.of(block.group(1)) : Optional.empty();
  }
}

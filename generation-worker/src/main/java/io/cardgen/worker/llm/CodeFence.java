package io.cardgen.worker.llm;

import java.util.Optional;

/**
 * A model answer wrapped in one markdown code block, as models write JSON when no response format
 * holds them to bare JSON (a provider that ignores {@code response_format}, or takes none): {@code
 * ```json}, the object, {@code ```}. Only a whole answer that is one such block counts; text before
 * or after it, or a second block, leaves the answer as it is, for the strict reader to refuse.
 * Plain string scans, linear in the answer, which may be megabytes long.
 */
final class CodeFence {

  private static final String FENCE = "```";

  private CodeFence() {}

  /** What the one block of {@code answer} holds; empty when the answer is no such block. */
  static Optional<String> inside(String answer) {
    String block = answer.strip();
    if (!block.startsWith(FENCE) || !block.endsWith(FENCE)) {
      return Optional.empty();
    }
    int firstLineEnd = block.indexOf('\n');
    if (firstLineEnd < 0 || firstLineEnd > block.length() - FENCE.length()) {
      return Optional.empty();
    }
    String language = block.substring(FENCE.length(), firstLineEnd).strip();
    String inside = block.substring(firstLineEnd + 1, block.length() - FENCE.length());
    if (!language.chars().allMatch(CodeFence::isAsciiLetter) || inside.contains(FENCE)) {
      return Optional.empty();
    }
    return Optional.of(inside);
  }

  private static boolean isAsciiLetter(int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
  }
}

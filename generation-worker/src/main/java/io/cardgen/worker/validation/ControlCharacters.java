package io.cardgen.worker.validation;

/**
 * Control characters in the model's texts: U+0000 to U+001F and U+007F to U+009F, except the line
 * feed and the tab a card's texts may hold. They carry no words; U+0000, which a JSON answer can
 * hold as an escape (and a supplier's description can ask the model for), cannot even be stored in
 * PostgreSQL: a card holding one failed at its insert, attempt after attempt.
 */
final class ControlCharacters {

  private ControlCharacters() {}

  static boolean in(String text) {
    return text != null && text.chars().anyMatch(ControlCharacters::isControl);
  }

  /** {@code text} without them; a carriage return before a line feed goes, the line break stays. */
  static String without(String text) {
    if (!in(text)) {
      return text;
    }
    StringBuilder kept = new StringBuilder(text.length());
    text.chars().filter(c -> !isControl(c)).forEach(c -> kept.append((char) c));
    return kept.toString();
  }

  private static boolean isControl(int c) {
    return Character.getType(c) == Character.CONTROL && c != '\n' && c != '\t';
  }
}

package io.cardgen.worker.validation;

/**
 * Control characters in the model's texts: U+0000 to U+001F and U+007F to U+009F, except the line
 * feed and the tab a card's texts may hold, and the invisible marks of {@link #isInvisibleMark}.
 * They carry no words; U+0000, which a JSON answer can hold as an escape (and a supplier's
 * description can ask the model for), cannot even be stored in PostgreSQL: a card holding one
 * failed at its insert, attempt after attempt.
 */
final class ControlCharacters {

  private ControlCharacters() {}

  static boolean in(String text) {
    return text != null && text.chars().anyMatch(ControlCharacters::isControl);
  }

  /**
   * {@code text} without them. The ones that break lines (a carriage return, CRLF, NEL) become a
   * line feed, so that two words are not glued together; the others go.
   */
  static String without(String text) {
    if (!in(text)) {
      return text;
    }
    String breaks = text.replace("\r\n", "\n").replace('\r', '\n').replace('\u0085', '\n');
    StringBuilder kept = new StringBuilder(breaks.length());
    breaks.chars().filter(c -> !isControl(c)).forEach(c -> kept.append((char) c));
    return kept.toString();
  }

  private static boolean isControl(int c) {
    return (Character.getType(c) == Character.CONTROL && c != '\n' && c != '\t')
        || isInvisibleMark(c);
  }

  /**
   * Bidirectional embeddings, overrides and isolates, which make a text display otherwise than it
   * reads (U+202E turns the rest of a line around), and the zero-width space, word joiners and byte
   * order mark, which hide inside words. Not the zero-width joiners U+200C and U+200D: emoji
   * sequences need them.
   */
  private static boolean isInvisibleMark(int c) {
    return c == 0x200B
        || c == 0x200E
        || c == 0x200F
        || (c >= 0x202A && c <= 0x202E)
        || (c >= 0x2060 && c <= 0x2064)
        || (c >= 0x2066 && c <= 0x2069)
        || c == 0xFEFF;
  }
}

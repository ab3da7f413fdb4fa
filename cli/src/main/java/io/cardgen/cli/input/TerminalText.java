package io.cardgen.cli.input;

/**
 * Text from an input file made safe to print on a terminal. Problems and warnings quote what the
 * file holds (a header, a sheet's name, a cell), and the file often comes from a supplier: an
 * escape sequence in a cell would otherwise be run by the terminal (move the cursor, rewrite what
 * was printed, set the window title). Control characters become U+FFFD; line breaks become spaces,
 * so one problem stays one line.
 */
public final class TerminalText {

  private TerminalText() {}

  public static String of(String text) {
    if (text == null || text.codePoints().noneMatch(TerminalText::unsafe)) {
      return text;
    }
    StringBuilder safe = new StringBuilder(text.length());
    text.codePoints()
        .forEach(
            point -> {
              if (point == '\n' || point == '\r' || point == '\t') {
                safe.append(' ');
              } else if (unsafe(point)) {
                safe.append('\uFFFD');
              } else {
                safe.appendCodePoint(point);
              }
            });
    return safe.toString();
  }

  /** C0 and C1 controls and DEL, and the bidirectional overrides that reorder what is shown. */
  private static boolean unsafe(int point) {
    return Character.getType(point) == Character.CONTROL
        || (point >= 0x202A && point <= 0x202E)
        || (point >= 0x2066 && point <= 0x2069);
  }
}

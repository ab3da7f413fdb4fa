package io.cardgen.cli.input;

/** Columns in A1 notation, as messages name them and cell references give them. */
final class ColumnLetters {

  /** XFD: the last column Excel and LibreOffice have. */
  static final int COLUMNS = 16_384;

  private ColumnLetters() {}

  /** The 0-based column of a reference such as {@code C7}; -1 if it is not one. */
  static int column(String reference) {
    int column = 0;
    int letters = 0;
    while (letters < reference.length() && isLetter(reference.charAt(letters))) {
      column = column * 26 + Character.toUpperCase(reference.charAt(letters)) - 'A' + 1;
      if (++letters > 3) {
        return -1;
      }
    }
    for (int i = letters; i < reference.length(); i++) {
      if (reference.charAt(i) < '0' || reference.charAt(i) > '9') {
        return -1;
      }
    }
    return letters > 0 && column <= COLUMNS ? column - 1 : -1;
  }

  /** A, B, …, Z, AA, … for column 0, 1, …, 25, 26, … */
  static String of(int column) {
    StringBuilder letters = new StringBuilder();
    for (int rest = column + 1; rest > 0; rest = (rest - 1) / 26) {
      letters.insert(0, (char) ('A' + (rest - 1) % 26));
    }
    return letters.toString();
  }

  private static boolean isLetter(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  }
}

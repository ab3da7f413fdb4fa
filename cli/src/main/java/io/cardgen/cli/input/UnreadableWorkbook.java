package io.cardgen.cli.input;

/** An .xlsx file cannot be read on; the message says why, in its author's terms. */
final class UnreadableWorkbook extends Exception {

  UnreadableWorkbook(String message) {
    super(message, null, false, false);
  }
}

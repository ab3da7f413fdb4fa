package io.cardgen.cli.input;

/** One item cannot be built; reading goes on with the next. */
final class BadItem extends Exception {

  BadItem(String message) {
    super(message, null, false, false);
  }
}

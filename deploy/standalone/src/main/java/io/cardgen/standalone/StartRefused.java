package io.cardgen.standalone;

/**
 * A setting or the data directory keeps the standalone from starting, with a message that says what
 * to do: printed alone, without a stack trace, since it is the operator's to fix, not a bug.
 */
final class StartRefused extends IllegalStateException {

  StartRefused(String message, Throwable cause) {
    super(message, cause);
  }

  StartRefused(String message) {
    super(message);
  }
}

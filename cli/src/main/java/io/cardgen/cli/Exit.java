package io.cardgen.cli;

/** The documented exit codes (docs/cli.md); scripts branch on them. */
enum Exit {
  OK(0),
  /**
   * Wrong flags, no API key or one a header cannot carry, an unreadable input or unwritable output
   * file, an output file that is not a results file or was downloaded with another {@code
   * --status}.
   */
  USAGE(1),
  /** The batch was refused as invalid: by the local checks or the service (400, 413, 422). */
  REFUSED(2),
  /** The key, the plan or the balance does not allow it (401, 403). */
  ACCESS(3),
  /** No such batch for this key (404). */
  NOT_FOUND(4),
  /** The service failed or could not be reached, even after retries (5xx, network). */
  UNAVAILABLE(5),
  /** The idempotency key belongs to other content (409). */
  CONFLICT(6),
  /** Still rate limited after waiting out Retry-After (429). */
  RATE_LIMITED(7);

  final int code;

  Exit(int code) {
    this.code = code;
  }
}

package io.cardgen.worker.webhook;

/** What one POST of a webhook came to. */
sealed interface AttemptOutcome {

  /** The receiver answered 2xx: delivered. */
  record Delivered(int status) implements AttemptOutcome {}

  /**
   * Worth retrying: a non-2xx answer ({@code status} set; redirects included, they are not
   * followed), a timeout, a refused connection, a name that does not resolve ({@code status} null).
   */
  record Failed(Integer status, String reason) implements AttemptOutcome {}

  /** The address rules refused the URL, so nothing was sent. Retried too: DNS may change back. */
  record RefusedAddress(String reason) implements AttemptOutcome {}

  /**
   * The account's secret could not be opened (a sealing key not configured, an altered value), so
   * nothing was sent. Retried: the operator can configure the key or issue a new secret.
   */
  record Unsigned(String reason) implements AttemptOutcome {}
}

package io.cardgen.common.webhook;

/**
 * A stored webhook secret that cannot be opened ({@link SecretSealing#open}): sealed under a key
 * this service was not given, altered, or copied from another account's row. The message says which
 * account and why, for an operator; it never holds the secret or a key.
 */
public final class UnreadableSecretException extends RuntimeException {

  UnreadableSecretException(String message) {
    super(message);
  }
}

package io.cardgen.cli.results;

/**
 * The output file holds another batch's results, or does not say whose: continuing it would mix two
 * batches' cards under one set of {@code seq} numbers.
 */
public final class BatchMismatch extends RuntimeException {

  BatchMismatch(String message) {
    super(message);
  }
}

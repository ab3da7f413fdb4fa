package io.cardgen.cli.results;

/**
 * The output file was downloaded with another {@code --status} filter than the one asked for now:
 * continuing it after its last {@code seq} would silently leave out the items it skipped.
 */
public final class FilterMismatch extends RuntimeException {

  FilterMismatch(String message) {
    super(message);
  }
}

package io.cardgen.cli.input;

/**
 * One thing wrong with the input file, located the way its author sees it ("row 7 (sku-12)"). Both
 * parts may quote the file, so both are made safe to print ({@link TerminalText}).
 */
public record InputProblem(String where, String message) {

  public InputProblem {
    where = TerminalText.of(where);
    message = TerminalText.of(message);
  }
}

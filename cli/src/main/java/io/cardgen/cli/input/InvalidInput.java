package io.cardgen.cli.input;

import java.util.List;

/** The input file cannot be submitted as it is; nothing was sent. */
public final class InvalidInput extends RuntimeException {

  private final transient List<InputProblem> problems;

  InvalidInput(List<InputProblem> problems) {
    super(problems.size() + " problem(s) in the input file");
    this.problems = List.copyOf(problems);
  }

  public List<InputProblem> problems() {
    return problems;
  }
}

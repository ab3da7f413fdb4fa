package io.cardgen.cli.input;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects what is wrong with the input while reading on, so the author fixes the whole file in one
 * go; like the server's 422 it keeps at most {@value #LIMIT} entries.
 */
final class Problems {

  static final int LIMIT = 100;

  private final List<InputProblem> found = new ArrayList<>();
  private int total;

  void add(String where, String message) {
    total++;
    if (found.size() < LIMIT) {
      found.add(new InputProblem(where, message));
    }
  }

  boolean any() {
    return total > 0;
  }

  void throwIfAny() {
    if (total > found.size()) {
      found.add(new InputProblem("…", (total - found.size()) + " more problem(s) not shown"));
    }
    if (any()) {
      throw new InvalidInput(found);
    }
  }
}

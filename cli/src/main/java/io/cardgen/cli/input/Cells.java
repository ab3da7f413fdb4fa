package io.cardgen.cli.input;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ValueNode;

/** Converts spreadsheet cells to the JSON values of a generation request. */
final class Cells {

  private static final Set<String> TRUE = Set.of("true", "yes", "y", "1", "on", "да", "истина");
  private static final Set<String> FALSE = Set.of("false", "no", "n", "0", "off", "нет", "ложь");
  private static final Pattern INTEGER = Pattern.compile("[+-]?\\d{1,9}");
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

  private Cells() {}

  /**
   * A flag as spreadsheets export it (TRUE, ИСТИНА, yes, 1…); any other text goes as it is, for the
   * server to accept ({@code headers: "headers"}) or refuse with its own message.
   */
  static ValueNode flag(String cell) {
    String value = cell.trim().toLowerCase(Locale.ROOT);
    if (TRUE.contains(value)) {
      return NODES.booleanNode(true);
    }
    if (FALSE.contains(value)) {
      return NODES.booleanNode(false);
    }
    return NODES.stringNode(cell.trim());
  }

  /** An integer cell as a JSON number; anything else as text the server refuses by name. */
  static ValueNode integer(String cell) {
    String value = cell.trim();
    return INTEGER.matcher(value).matches()
        ? NODES.numberNode(Integer.parseInt(value))
        : NODES.stringNode(value);
  }
}

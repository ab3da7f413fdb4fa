package io.cardgen.worker.validation;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Finds figures, numbers followed by a {@link Unit}, in Russian and English text: "350 мл", "0,5
 * л", "1 000 mAh", "20–30 см", "10 x 20 x 30 cm", "от 2 до 5 кг", "95%". A range or a list of
 * dimensions is one figure whose numbers all take the unit written after the last one.
 *
 * <p>Numbers are read leniently because both languages share them: a comma or point followed by
 * exactly three digits ("1,500") is read both as a decimal and as a thousands separator; spaces
 * (also no-break and narrow no-break) between groups of three digits separate thousands.
 */
final class Figures {

  private static final String SPACE = "[ \\u00A0\\u202F]";
  // Atomic, bounded and possessive where it matters: the text comes from users and from the
  // model, and an unbounded or backtracking pattern here costs seconds (or the stack) on long
  // runs of digits and separators.
  private static final String NUMBER =
      "(?>\\d{1,3}(?:" + SPACE + "\\d{3}){1,4}(?:[.,]\\d+)?|\\d++(?:[.,]\\d++)?)";
  private static final String JOINER = "\\s*+(?:[-–—−/×xх*]|\\.\\.\\.|…|до|to)\\s*+";
  private static final int MAX_JOINED = 4;
  private static final Pattern FIGURE =
      Pattern.compile(
          // A figure starts with a digit: checking that first skips the look-behind everywhere
          // else, a quarter of the scan's time.
          "(?=\\d)(?<![\\p{L}\\p{N}.,])(?<numbers>(?:"
              + NUMBER
              + ")(?:"
              + JOINER
              + "(?:"
              + NUMBER
              + ")){0,"
              + MAX_JOINED
              + "})"
              + SPACE
              + "?(?<unit>"
              + Stream.of(Unit.values())
                  .map(unit -> "(?<" + unit.group() + ">" + unit.pattern() + ")")
                  .collect(Collectors.joining("|"))
              + ")(?![\\p{L}\\p{N}])",
          Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE);
  private static final Pattern ONE_NUMBER = Pattern.compile(NUMBER);
  private static final Pattern ONE_SPACE = Pattern.compile(SPACE);
  private static final Pattern THOUSANDS_OR_DECIMAL = Pattern.compile("\\d{1,3}[.,]\\d{3}");
  private static final Pattern YEAR = Pattern.compile("(?:19|20)\\d\\d");

  /**
   * A figure as written.
   *
   * @param numbers the readings of each number, in order; the last one carries the unit
   */
  record Figure(String text, Unit unit, List<List<BigDecimal>> numbers) {}

  private Figures() {}

  /**
   * The figures of a text.
   *
   * @param generous read input generously: "42 100%" may be a size followed by a percentage, so the
   *     last group of a spaced number also counts on its own; output is read only as written
   */
  static List<Figure> in(String text, boolean generous) {
    List<Figure> figures = new ArrayList<>();
    Matcher matcher = FIGURE.matcher(text);
    while (matcher.find()) {
      Unit unit = unitOf(matcher);
      if (!isYear(matcher, unit)) {
        List<List<BigDecimal>> numbers = new ArrayList<>();
        for (String number : numbersIn(matcher.group("numbers"))) {
          numbers.add(readings(number, generous));
        }
        figures.add(new Figure(matcher.group().strip(), unit, List.copyOf(numbers)));
      }
    }
    return figures;
  }

  /** Every reading of every number in a text, with or without a unit. */
  static List<BigDecimal> numbersIn(String text, boolean generous) {
    List<BigDecimal> values = new ArrayList<>();
    for (String number : numbersIn(text)) {
      values.addAll(readings(number, generous));
    }
    return values;
  }

  /** "2024 г." is a year, not 2024 grams: a bare "г" after a plausible year is skipped. */
  private static boolean isYear(Matcher matcher, Unit unit) {
    return unit == Unit.GRAM
        && matcher.group("unit").equals("г")
        && YEAR.matcher(matcher.group("numbers")).matches();
  }

  private static Unit unitOf(Matcher matcher) {
    for (Unit unit : Unit.values()) {
      if (matcher.group(unit.group()) != null) {
        return unit;
      }
    }
    throw new IllegalStateException("no unit group matched in " + matcher.group());
  }

  private static List<String> numbersIn(String text) {
    List<String> numbers = new ArrayList<>();
    Matcher matcher = ONE_NUMBER.matcher(text);
    while (matcher.find()) {
      numbers.add(matcher.group());
    }
    return numbers;
  }

  private static List<BigDecimal> readings(String number, boolean generous) {
    List<BigDecimal> values = new ArrayList<>(readings(number.replaceAll(SPACE, "")));
    int lastSpace = lastSpace(number);
    if (generous && lastSpace >= 0) {
      values.addAll(readings(number.substring(lastSpace + 1)));
    }
    return values;
  }

  private static List<BigDecimal> readings(String compact) {
    BigDecimal decimal = new BigDecimal(compact.replace(',', '.'));
    if (THOUSANDS_OR_DECIMAL.matcher(compact).matches()) {
      return List.of(decimal, new BigDecimal(compact.replaceAll("[.,]", "")));
    }
    return List.of(decimal);
  }

  private static int lastSpace(String number) {
    Matcher space = ONE_SPACE.matcher(number);
    int last = -1;
    while (space.find()) {
      last = space.start();
    }
    return last;
  }
}

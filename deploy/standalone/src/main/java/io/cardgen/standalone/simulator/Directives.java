package io.cardgen.standalone.simulator;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Test switches written into the short description, like a payment provider's test card numbers:
 * {@code [sim:refuse]}, {@code [sim:truncate]}, {@code [sim:empty]}, {@code [sim:invalid]}, {@code
 * [sim:short]}, {@code [sim:fail]} pick a {@link Behaviour}; {@code [sim:short-once]} and {@code
 * [sim:invent]} misbehave only until the worker asks for a repair; {@code [sim:slow=MS]} answers
 * after MS milliseconds instead of the configured latency, as DESIGN.md says; {@code
 * [sim:latency=MS]} is its older name, which the benchmarks use to warm a slow simulator's clients
 * up quickly. When several behaviours are given, the first wins; when several delays are, the
 * longest. {@code [sim:unavailable=N,S]} answers the card's first N calls with 503 and {@code
 * Retry-After: S} before any behaviour, so a provider shedding load can be played end to end.
 */
record Directives(Behaviour behaviour, AnswerDelay delay, Optional<Unavailable> unavailable) {

  private static final Pattern DIRECTIVE =
      Pattern.compile(
          "\\[sim:([a-z]+(?:-[a-z]+)*)(?:=(\\d{1,7})(?:,(\\d{1,5}))?)?]", Pattern.CASE_INSENSITIVE);

  /**
   * The first {@code calls} calls of a card are answered 503 with {@code Retry-After} in whole
   * seconds, as RFC 9110 writes it.
   */
  record Unavailable(int calls, Duration retryAfter) {}

  static Directives in(String text) {
    Behaviour behaviour = Behaviour.NORMAL;
    AnswerDelay delay = AnswerDelay.CONFIGURED;
    Optional<Unavailable> unavailable = Optional.empty();
    Matcher directive = DIRECTIVE.matcher(text);
    while (directive.find()) {
      String name = directive.group(1).toLowerCase(Locale.ROOT);
      String value = directive.group(2);
      String second = directive.group(3);
      if ((name.equals("slow") || name.equals("latency")) && value != null && second == null) {
        delay = delay.orLonger(Duration.ofMillis(Long.parseLong(value)));
      } else if (name.equals("unavailable") && value != null && second != null) {
        unavailable =
            unavailable.or(
                () ->
                    Optional.of(
                        new Unavailable(
                            Integer.parseInt(value), Duration.ofSeconds(Long.parseLong(second)))));
      } else if (behaviour == Behaviour.NORMAL) {
        behaviour = Behaviour.named(name);
      }
    }
    return new Directives(behaviour, delay, unavailable);
  }

  /** The text without any directive, so none leaks into the card. */
  static String strip(String text) {
    return DIRECTIVE.matcher(text).replaceAll(" ").replaceAll("\\s+", " ").strip();
  }

  enum Behaviour {
    NORMAL,
    REFUSE,
    TRUNCATE,
    EMPTY,
    INVALID,
    SHORT,
    FAIL,
    /** Too short the first time, right when the worker asks for a repair. */
    SHORT_ONCE,
    /** States a figure the input does not give the first time, right on the repair. */
    INVENT;

    static Behaviour named(String name) {
      for (Behaviour behaviour : values()) {
        if (behaviour.name().replace('_', '-').equalsIgnoreCase(name)) {
          return behaviour;
        }
      }
      return NORMAL;
    }
  }
}

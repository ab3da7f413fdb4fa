package io.cardgen.standalone.simulator;

import java.util.Locale;
import java.util.Map;

/**
 * How faithfully the simulator follows the prompt. {@code exact} (the default) writes what was
 * asked, which the rest of the test suite relies on. {@code realistic} misbehaves the way real
 * models do, so that the worker's length strategy and repairs meet the mistakes they exist for;
 * every rate is a probability per answer, and the same seed with the same request always gives the
 * same answer.
 *
 * @param lengthSigma standard deviation of the written length, as a fraction of the asked one
 * @param longTargetBias how much shorter than asked a model writes a target of {@link #LONG_TARGET}
 *     characters or more (ramping up from {@link #SHORT_TARGET})
 * @param boldRate an answer puts {@code **} around a word
 * @param listCountRate an answer has one list item too many or too few
 * @param inventRate an answer states a figure no input gives
 * @param wrongLanguageRate an answer is written in the other language
 */
public record SimulatorProfile(
    boolean realistic,
    long seed,
    double lengthSigma,
    double longTargetBias,
    double boldRate,
    double listCountRate,
    double inventRate,
    double wrongLanguageRate) {

  static final int SHORT_TARGET = 400;
  static final int LONG_TARGET = 1000;

  public SimulatorProfile {
    requireRate(lengthSigma, "length sigma");
    requireRate(longTargetBias, "long target bias");
    requireRate(boldRate, "bold rate");
    requireRate(listCountRate, "list count rate");
    requireRate(inventRate, "invent rate");
    requireRate(wrongLanguageRate, "wrong language rate");
  }

  /** Writes what was asked: the behaviour every test relied on before profiles existed. */
  public static SimulatorProfile exact() {
    return new SimulatorProfile(false, 0, 0, 0, 0, 0, 0, 0);
  }

  /** The realistic profile with the rates we observed as typical of current models. */
  public static SimulatorProfile realistic(long seed) {
    return new SimulatorProfile(true, seed, 0.20, 0.12, 0.10, 0.10, 0.08, 0.03);
  }

  /**
   * Reads {@code CARDGEN_SIMULATOR_PROFILE} ({@code exact} or {@code realistic}), {@code
   * CARDGEN_SIMULATOR_SEED} and the rate overrides {@code CARDGEN_SIMULATOR_LENGTH_SIGMA}, {@code
   * _LONG_TARGET_BIAS}, {@code _BOLD_RATE}, {@code _LIST_COUNT_RATE}, {@code _INVENT_RATE}, {@code
   * _WRONG_LANGUAGE_RATE}.
   */
  public static SimulatorProfile fromEnvironment(Map<String, String> env) {
    String name = env.getOrDefault("CARDGEN_SIMULATOR_PROFILE", "exact").strip();
    switch (name.toLowerCase(Locale.ROOT)) {
      case "", "exact" -> {
        return exact();
      }
      case "realistic" -> {
        SimulatorProfile defaults = realistic(longOf(env, "CARDGEN_SIMULATOR_SEED", 1));
        return new SimulatorProfile(
            true,
            defaults.seed(),
            rateOf(env, "CARDGEN_SIMULATOR_LENGTH_SIGMA", defaults.lengthSigma()),
            rateOf(env, "CARDGEN_SIMULATOR_LONG_TARGET_BIAS", defaults.longTargetBias()),
            rateOf(env, "CARDGEN_SIMULATOR_BOLD_RATE", defaults.boldRate()),
            rateOf(env, "CARDGEN_SIMULATOR_LIST_COUNT_RATE", defaults.listCountRate()),
            rateOf(env, "CARDGEN_SIMULATOR_INVENT_RATE", defaults.inventRate()),
            rateOf(env, "CARDGEN_SIMULATOR_WRONG_LANGUAGE_RATE", defaults.wrongLanguageRate()));
      }
      default ->
          throw new IllegalArgumentException(
              "CARDGEN_SIMULATOR_PROFILE must be exact or realistic, not " + name);
    }
  }

  /** The fraction of the asked length a model writes on average for this target. */
  double meanLengthFactor(int target) {
    double ramp = (target - SHORT_TARGET) / (double) (LONG_TARGET - SHORT_TARGET);
    return 1 - longTargetBias * Math.max(0, Math.min(1, ramp));
  }

  private static long longOf(Map<String, String> env, String name, long fallback) {
    String value = env.get(name);
    return value == null || value.isBlank() ? fallback : Long.parseLong(value.strip());
  }

  private static double rateOf(Map<String, String> env, String name, double fallback) {
    String value = env.get(name);
    return value == null || value.isBlank() ? fallback : Double.parseDouble(value.strip());
  }

  private static void requireRate(double rate, String name) {
    if (!(rate >= 0 && rate <= 1)) {
      throw new IllegalArgumentException("The simulator's " + name + " must be within 0..1");
    }
  }
}

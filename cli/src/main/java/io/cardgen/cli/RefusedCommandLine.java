package io.cardgen.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The message of a command line picocli refused, with every argument that is or may be an API key
 * hidden. Picocli quotes the arguments it could not place: a misspelled command ({@code cardgen
 * batch lsit --api-key KEY}), a misspelled option ({@code --apikey=KEY}) or the key's option before
 * the command ({@code cardgen batch --api-key KEY list}) printed the key, which docs/cli.md
 * promises never happens, into a terminal or a CI log.
 *
 * <p>Hidden: the value given to an option whose name speaks of a key or a token (as a separate
 * argument or after {@code =}), any argument or option value starting with {@code cg_} (the prefix
 * of the keys the service issues), and the key from {@code CARDGEN_API_KEY} wherever it appears.
 * Everything else is shown as picocli wrote it: a misspelled command is the useful part.
 */
final class RefusedCommandLine {

  static final String HIDDEN = "(hidden)";
  private static final String KEY_PREFIX = "cg_";

  /** Shorter hidden values are replaced only where picocli quotes them whole: "5" is everywhere. */
  private static final int MIN_LOOSE_SECRET = 8;

  /** An argument to hide, what is shown in its place, and the secret part of it. */
  private record Hidden(String argument, String shown, String secret) {}

  private RefusedCommandLine() {}

  /**
   * @param environmentKey the value of {@code CARDGEN_API_KEY}, or null
   */
  static String message(String message, String[] args, String environmentKey) {
    List<Hidden> hidden = hiddenIn(args, environmentKey);
    String text = message == null ? "" : message;
    for (Hidden one : hidden) {
      text = text.replace("'" + one.argument() + "'", "'" + one.shown() + "'");
    }
    // Whatever other form picocli chose: the secret itself, longest first, so that a key that
    // contains another hidden value is replaced whole.
    List<String> secrets = new ArrayList<>();
    hidden.forEach(one -> secrets.add(one.secret()));
    secrets.sort(Comparator.comparingInt(String::length).reversed());
    for (String secret : secrets) {
      if (secret.length() >= MIN_LOOSE_SECRET) {
        text = text.replace(secret, HIDDEN);
      }
    }
    return text;
  }

  private static List<Hidden> hiddenIn(String[] args, String environmentKey) {
    String knownKey = environmentKey == null ? "" : environmentKey.strip();
    List<Hidden> hidden = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String argument = args[i];
      int equals = argument.indexOf('=');
      if (argument.startsWith("-") && equals > 0) {
        String name = argument.substring(0, equals);
        String value = argument.substring(equals + 1);
        if (namesAKey(name) || isKey(value, knownKey)) {
          hidden.add(new Hidden(argument, name + "=" + HIDDEN, value));
        }
      } else if (isKey(argument, knownKey)
          || i > 0 && args[i - 1].startsWith("-") && namesAKey(args[i - 1])) {
        hidden.add(new Hidden(argument, HIDDEN, argument));
      }
    }
    return hidden;
  }

  /** {@code --api-key} and its misspellings: {@code --apikey}, {@code --api_key}, {@code --key}. */
  private static boolean namesAKey(String option) {
    String name = option.toLowerCase(Locale.ROOT);
    return !name.contains("=") && (name.contains("key") || name.contains("token"));
  }

  private static boolean isKey(String value, String knownKey) {
    return value.startsWith(KEY_PREFIX) || !knownKey.isEmpty() && value.strip().equals(knownKey);
  }
}

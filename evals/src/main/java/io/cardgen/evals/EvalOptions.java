package io.cardgen.evals;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The command line of {@code scripts/eval}: {@code --base-url URL [--api-key KEY] --out DIR
 * [--golden DIR] [--concurrency N]}, the key otherwise from {@code CARDGEN_API_KEY} (as for the
 * CLI: a flag shows in {@code ps}), plus optional {@code --metrics-url} (the worker's Prometheus
 * scrape, for first-pass, repair and token figures), {@code --baseline FILE} (a report.json to
 * compare with), {@code --price-in}/{@code --price-out} (USD per million prompt/completion tokens)
 * and {@code --only N} (the first N products, for a quick look).
 */
record EvalOptions(
    URI baseUrl,
    String apiKey,
    Path out,
    Path golden,
    int concurrency,
    Optional<URI> metricsUrl,
    Optional<Path> baseline,
    double priceIn,
    double priceOut,
    int only) {

  static final String USAGE =
      "usage: scripts/eval --base-url URL [--api-key KEY] --out DIR [--golden DIR] [--concurrency N]"
          + " [--metrics-url URL] [--baseline FILE] [--price-in USD] [--price-out USD] [--only N]\n"
          + "  the API key comes from CARDGEN_API_KEY when --api-key is not given";

  static final String API_KEY_VARIABLE = "CARDGEN_API_KEY";

  /** Set by scripts/eval so that the default golden set is found from any directory. */
  static final String GOLDEN_PROPERTY = "cardgen.eval.golden";

  private static final int MAX_CONCURRENCY = 64;
  private static final List<String> NAMES =
      List.of(
          "base-url",
          "api-key",
          "out",
          "golden",
          "concurrency",
          "metrics-url",
          "baseline",
          "price-in",
          "price-out",
          "only");

  /**
   * @param env the environment, for the API key when no flag gives it
   */
  static EvalOptions parse(Map<String, String> env, String... args) {
    Map<String, String> given = new HashMap<>();
    List<String> rest = new ArrayList<>(List.of(args));
    while (!rest.isEmpty()) {
      int position = args.length - rest.size() + 1;
      String flag = rest.remove(0);
      if (!flag.startsWith("--") || !NAMES.contains(flag.substring(2)) || rest.isEmpty()) {
        throw new IllegalArgumentException(
            "unknown option or missing value: " + shown(flag, position));
      }
      given.put(flag.substring(2), rest.remove(0));
    }
    if (!given.containsKey("api-key") && env.get(API_KEY_VARIABLE) != null) {
      given.put("api-key", env.get(API_KEY_VARIABLE));
    }
    if (!given.containsKey("api-key")) {
      throw new IllegalArgumentException("--api-key or " + API_KEY_VARIABLE + " is required");
    }
    String apiKey = given.get("api-key").strip();
    String keyProblem = keyProblem(apiKey);
    if (keyProblem != null) {
      throw new IllegalArgumentException(keyProblem);
    }
    for (String required : List.of("base-url", "out")) {
      if (!given.containsKey(required)) {
        throw new IllegalArgumentException("--" + required + " is required");
      }
    }
    int concurrency = Integer.parseInt(given.getOrDefault("concurrency", "4"));
    if (concurrency < 1 || concurrency > MAX_CONCURRENCY) {
      throw new IllegalArgumentException("--concurrency must be within 1.." + MAX_CONCURRENCY);
    }
    return new EvalOptions(
        URI.create(withoutTrailingSlash(given.get("base-url"))),
        apiKey,
        Path.of(given.get("out")),
        Path.of(given.getOrDefault("golden", System.getProperty(GOLDEN_PROPERTY, "evals/golden"))),
        concurrency,
        Optional.ofNullable(given.get("metrics-url")).map(URI::create),
        Optional.ofNullable(given.get("baseline")).map(Path::of),
        Double.parseDouble(given.getOrDefault("price-in", "0.15")),
        Double.parseDouble(given.getOrDefault("price-out", "0.60")),
        Integer.parseInt(given.getOrDefault("only", "0")));
  }

  /**
   * A refused argument as the usage error names it, never a value: {@code --api-key=KEY} (the
   * {@code =} form is not read) by its option's name, an argument that is no option at all (a key
   * given without {@code --api-key}, or one too many) by its position only.
   */
  private static String shown(String flag, int position) {
    if (!flag.startsWith("--")) {
      return "argument " + position + " is not an option (its value is not shown)";
    }
    int equals = flag.indexOf('=');
    return equals < 0
        ? flag
        : flag.substring(0, equals) + "=… (give an option's value after a space, not after =)";
  }

  /**
   * Why the key cannot go into an {@code Authorization} header, by position and never by value;
   * null if it can. The JDK's HTTP client refuses a header with a line break or a control character
   * by an exception that quotes the whole header, key included, and the eval printed that message
   * to the terminal and the CI log. The white space around the key (a {@code \r} that {@code $(cat
   * key)} keeps from a file with Windows line ends) is dropped before this check; what is left must
   * be printable ASCII without spaces, as the CLI checks it ({@code cli}'s {@code ApiKeyText}).
   */
  static String keyProblem(String key) {
    if (key.isEmpty()) {
      return "the API key is empty";
    }
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (c < 0x21 || c > 0x7E) {
        return "the API key has "
            + (c == '\n' || c == '\r' ? "a line break" : "a character other than printable ASCII")
            + " at character "
            + (key.codePointCount(0, i) + 1)
            + "; copy the key again as one line of Latin letters, digits and punctuation";
      }
    }
    return null;
  }

  /** Keeps the API key out of anything that prints the options. */
  @Override
  public String toString() {
    return "EvalOptions[baseUrl=%s, out=%s, golden=%s, concurrency=%d, metricsUrl=%s]"
        .formatted(baseUrl, out, golden, concurrency, metricsUrl.map(URI::toString).orElse("-"));
  }

  private static String withoutTrailingSlash(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }
}

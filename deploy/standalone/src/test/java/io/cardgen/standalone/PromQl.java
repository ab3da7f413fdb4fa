package io.cardgen.standalone;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Just enough PromQL reading to list the metrics an expression selects and the job each selector
 * pins ({@code job="cardgen-worker"}), for checking them against a scrape. Not a parser: grouping
 * clauses, ranges and functions are stripped, what remains are selectors.
 */
final class PromQl {

  /** A metric an expression reads; {@code job} is empty when the selector does not pin one. */
  record Use(String metric, String job) {}

  // by (...), without (...), on (...), ignoring (...), group_left (...), group_right (...):
  // label names, not metrics.
  private static final Pattern GROUPING =
      Pattern.compile("\\b(by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
  // Range and subquery brackets ([5m], [10m:]) and offsets hold durations only.
  private static final Pattern RANGE = Pattern.compile("\\[[^]]*]");
  private static final Pattern SELECTOR =
      Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)\\s*(\\{[^}]*})?(\\s*\\()?");
  private static final Pattern EXACT_JOB = Pattern.compile("\\bjob\\s*=\\s*\"([^\"]*)\"");
  private static final Set<String> KEYWORDS =
      Set.of("and", "or", "unless", "bool", "offset", "inf", "nan");
  // Series Prometheus makes itself, not the applications.
  private static final Set<String> SYNTHETIC = Set.of("up", "ALERTS", "ALERTS_FOR_STATE");

  private PromQl() {}

  static Set<Use> uses(List<String> expressions) {
    Set<Use> uses = new LinkedHashSet<>();
    for (String expression : expressions) {
      uses.addAll(uses(expression));
    }
    return uses;
  }

  static Set<Use> uses(String expression) {
    String stripped = RANGE.matcher(GROUPING.matcher(expression).replaceAll(" ")).replaceAll(" ");
    Set<Use> uses = new LinkedHashSet<>();
    Matcher selector = SELECTOR.matcher(stripped);
    while (selector.find()) {
      String name = selector.group(1);
      boolean call = selector.group(2) == null && selector.group(3) != null;
      if (call || KEYWORDS.contains(name.toLowerCase()) || SYNTHETIC.contains(name)) {
        continue;
      }
      String job = "";
      if (selector.group(2) != null) {
        Matcher exact = EXACT_JOB.matcher(selector.group(2));
        job = exact.find() ? exact.group(1) : "";
      }
      uses.add(new Use(name, job));
    }
    return uses;
  }
}

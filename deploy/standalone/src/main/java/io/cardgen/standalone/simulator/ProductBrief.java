package io.cardgen.standalone.simulator;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the worker's prompt asks for, read from its fixed lines {@code Short description: …} and
 * {@code Target description length: N characters}.
 *
 * @param shortDescription the user's description with directives removed
 */
record ProductBrief(String shortDescription, int targetLength, Directives directives) {

  static final int DEFAULT_LENGTH = 300;

  private static final Pattern SHORT_DESCRIPTION =
      Pattern.compile("^[ \\t]*Short description:[ \\t]*(.*)$", Pattern.MULTILINE);
  private static final Pattern TARGET_LENGTH =
      Pattern.compile("Target description length:\\s*(\\d{1,6})", Pattern.CASE_INSENSITIVE);

  static ProductBrief from(String userText) {
    Matcher description = SHORT_DESCRIPTION.matcher(userText);
    // Without the worker's line the whole text stands in, so a hand-written request still works.
    String shortDescription = description.find() ? description.group(1) : userText;
    Matcher length = TARGET_LENGTH.matcher(userText);
    int targetLength = length.find() ? Integer.parseInt(length.group(1)) : DEFAULT_LENGTH;
    return new ProductBrief(
        Directives.strip(shortDescription), targetLength, Directives.in(userText));
  }
}

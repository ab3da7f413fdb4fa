package io.cardgen.worker.llm;

import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A prompt text with {@code {name}} placeholders. Rendering is a single pass, so user text that
 * happens to contain {@code {length}} or similar is inserted as is and never expanded.
 */
final class PromptTemplate {

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z_]+)}");

  private final String name;
  private final String text;

  PromptTemplate(String name, String text, Set<String> allowed) {
    this.name = name;
    this.text = text;
    Set<String> unknown = new LinkedHashSet<>(placeholders());
    unknown.removeAll(allowed);
    if (!unknown.isEmpty()) {
      throw new IllegalStateException("Prompt " + name + " uses unknown placeholders " + unknown);
    }
  }

  String render(Map<String, String> values) {
    Matcher matcher = PLACEHOLDER.matcher(text);
    StringBuilder out = new StringBuilder(text.length() + 256);
    while (matcher.find()) {
      String value = values.get(matcher.group(1));
      if (value == null) {
        throw new IllegalArgumentException("No value for {" + matcher.group(1) + "} in " + name);
      }
      matcher.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    matcher.appendTail(out);
    return out.toString();
  }

  private Set<String> placeholders() {
    Set<String> found = new LinkedHashSet<>();
    Matcher matcher = PLACEHOLDER.matcher(text);
    while (matcher.find()) {
      found.add(matcher.group(1));
    }
    return found;
  }
}

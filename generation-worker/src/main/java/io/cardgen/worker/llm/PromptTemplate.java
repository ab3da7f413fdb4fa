package io.cardgen.worker.llm;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A prompt text with {@code {name}} placeholders. Rendering is a single pass, so user text that
 * happens to contain {@code {length}} or similar is inserted as is and never expanded.
 *
 * <p>The text is split into literal parts and placeholders once, when the prompt is loaded: a
 * render runs once or twice per card, and matching the placeholder pattern over a prompt of several
 * kilobytes each time was a visible share of a worker's CPU (docs/performance.md).
 */
final class PromptTemplate {

  private static final Pattern PLACEHOLDER = Pattern.compile("\\{([a-z_]+)}");

  private final String name;
  private final int literalLength;
  private final List<Part> parts;

  /** A piece of the template: text copied as is, or the name of a value to insert. */
  private record Part(String literal, String placeholder) {}

  PromptTemplate(String name, String text, Set<String> allowed) {
    this.name = name;
    this.parts = parse(text);
    this.literalLength = parts.stream().mapToInt(part -> length(part.literal())).sum();
    Set<String> unknown = new LinkedHashSet<>(placeholders());
    unknown.removeAll(allowed);
    if (!unknown.isEmpty()) {
      throw new IllegalStateException("Prompt " + name + " uses unknown placeholders " + unknown);
    }
  }

  String render(Map<String, String> values) {
    StringBuilder out = new StringBuilder(literalLength + 256);
    for (Part part : parts) {
      if (part.literal() != null) {
        out.append(part.literal());
        continue;
      }
      String value = values.get(part.placeholder());
      if (value == null) {
        throw new IllegalArgumentException("No value for {" + part.placeholder() + "} in " + name);
      }
      out.append(value);
    }
    return out.toString();
  }

  private Set<String> placeholders() {
    Set<String> found = new LinkedHashSet<>();
    for (Part part : parts) {
      if (part.placeholder() != null) {
        found.add(part.placeholder());
      }
    }
    return found;
  }

  private static List<Part> parse(String text) {
    List<Part> parts = new ArrayList<>();
    Matcher matcher = PLACEHOLDER.matcher(text);
    int copied = 0;
    while (matcher.find()) {
      if (matcher.start() > copied) {
        parts.add(new Part(text.substring(copied, matcher.start()), null));
      }
      parts.add(new Part(null, matcher.group(1)));
      copied = matcher.end();
    }
    if (copied < text.length()) {
      parts.add(new Part(text.substring(copied), null));
    }
    return List.copyOf(parts);
  }

  private static int length(String literal) {
    return literal == null ? 0 : literal.length();
  }
}

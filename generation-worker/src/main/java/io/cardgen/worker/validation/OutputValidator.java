package io.cardgen.worker.validation;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.worker.validation.Violation.Rule;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks a generated card against the output rules of spec §8 and the language rule of §1 (texts in
 * the language of the input, see {@link CardLanguage}). A card is accepted only when this returns
 * no violations; the strict JSON schema sent to the model makes most of these rare, but providers
 * and simulators do not all enforce it, so nothing here trusts the schema.
 */
public final class OutputValidator {

  static final int MIN_LENGTH_PERCENT = 80;
  static final int MAX_LENGTH_PERCENT = 115;
  private static final String BOLD_MARKER = "**";

  public List<Violation> validate(CardSpec spec, CardContent content) {
    List<Violation> violations = new ArrayList<>();
    checkDescription(spec, content.description(), violations);
    checkList("features", spec.featuresCount(), content.features(), violations);
    checkAudience(spec.audience(), content.audience(), violations);
    checkList("headers", spec.headersCount(), content.headers(), violations);
    checkList("slogans", spec.slogansCount(), content.slogans(), violations);
    CardLanguage.check(spec, content).ifPresent(violations::add);
    return List.copyOf(violations);
  }

  /** The shortest description length accepted for a requested length, in code points. */
  public static int minLength(int requested) {
    return (requested * MIN_LENGTH_PERCENT + 99) / 100;
  }

  /** The longest description length accepted for a requested length, in code points. */
  public static int maxLength(int requested) {
    return requested * MAX_LENGTH_PERCENT / 100;
  }

  private static void checkDescription(CardSpec spec, String description, List<Violation> out) {
    if (description == null) {
      out.add(new Violation(Rule.MISSING_BLOCK, "description is missing"));
      return;
    }
    if (VisibleText.isBlank(description)) {
      out.add(new Violation(Rule.BLANK_TEXT, "description is empty"));
      return;
    }
    int length = description.codePointCount(0, description.length());
    int min = minLength(spec.length());
    int max = maxLength(spec.length());
    if (length < min || length > max) {
      out.add(
          new Violation(
              Rule.DESCRIPTION_LENGTH,
              "description has %d characters; %d to %d are allowed".formatted(length, min, max)));
    }
    checkMarks("description", description, out);
  }

  private static void checkAudience(boolean requested, String audience, List<Violation> out) {
    if (!requested) {
      if (audience != null) {
        out.add(new Violation(Rule.UNREQUESTED_BLOCK, "audience was not requested"));
      }
      return;
    }
    if (audience == null) {
      out.add(new Violation(Rule.MISSING_BLOCK, "audience is missing"));
    } else if (VisibleText.isBlank(audience)) {
      out.add(new Violation(Rule.BLANK_TEXT, "audience is empty"));
    } else {
      checkMarks("audience", audience, out);
    }
  }

  private static void checkList(String block, int count, List<String> items, List<Violation> out) {
    if (count == 0) {
      if (items != null) {
        out.add(new Violation(Rule.UNREQUESTED_BLOCK, block + " was not requested"));
      }
      return;
    }
    if (items == null) {
      out.add(new Violation(Rule.MISSING_BLOCK, block + " is missing"));
      return;
    }
    if (items.size() != count) {
      out.add(
          new Violation(
              Rule.ITEM_COUNT,
              "%s has %d items; exactly %d are required".formatted(block, items.size(), count)));
    }
    for (int i = 0; i < items.size(); i++) {
      checkItem(block + "[" + i + "]", items.get(i), out);
    }
  }

  private static void checkItem(String where, String item, List<Violation> out) {
    if (item == null || VisibleText.isBlank(item)) {
      out.add(new Violation(Rule.BLANK_TEXT, where + " is empty"));
      return;
    }
    if (VisibleText.breaksLines(item.strip())) {
      out.add(new Violation(Rule.MULTILINE_ITEM, where + " spans several lines"));
    }
    checkMarks(where, item, out);
  }

  private static void checkMarks(String where, String text, List<Violation> out) {
    if (text.contains(BOLD_MARKER)) {
      out.add(new Violation(Rule.MARKDOWN_BOLD, where + " contains **"));
    }
    if (ControlCharacters.in(text)) {
      out.add(new Violation(Rule.CONTROL_CHARACTERS, where + " contains control characters"));
    }
  }
}

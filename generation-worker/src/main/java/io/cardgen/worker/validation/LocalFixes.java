package io.cardgen.worker.validation;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.wire.CardSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * Fixes what can be fixed in the model's answer without writing anything, so that a second call is
 * needed only for the rest: {@code **} markers and control characters ({@link ControlCharacters})
 * are removed, an over-long description loses whole sentences from its end when that lands it
 * inside the window ({@link SentenceTrim}), and a list with one item too many loses an item that
 * carries nothing the seller confirmed ({@link ExtraItem}). Nothing is ever added: a short
 * description or a short list goes to the repair.
 */
public final class LocalFixes {

  /** A fix, as counted in {@code cardgen_generation_local_fixes_total{fix}}. */
  public enum Fix {
    STRIP_BOLD,
    STRIP_CONTROLS,
    TRIM_DESCRIPTION,
    DROP_EXTRA_ITEM,
    /**
     * The answer's JSON read from inside the markdown code block it came in; applied by the
     * worker's reader, not by {@link LocalFixes#apply}, which sees the texts only.
     */
    UNWRAP_CODE_FENCE
  }

  /** The answer after the fixes; {@code fixes} is empty when none applied. */
  public record Fixed(CardContent content, List<Fix> fixes) {

    public Fixed {
      fixes = List.copyOf(fixes);
    }
  }

  private static final String BOLD = "**";

  public Fixed apply(CardSpec spec, CardContent content) {
    List<Fix> fixes = new ArrayList<>();
    CardContent fixed = content;
    // Controls first: removing one can join two asterisks into a marker.
    if (anyText(fixed, ControlCharacters::in)) {
      fixed = eachText(fixed, ControlCharacters::without);
      fixes.add(Fix.STRIP_CONTROLS);
    }
    if (anyText(fixed, text -> text.contains(BOLD))) {
      fixed = eachText(fixed, text -> text.replace(BOLD, ""));
      fixes.add(Fix.STRIP_BOLD);
    }
    String description = fixed.description();
    if (description != null
        && description.codePointCount(0, description.length())
            > OutputValidator.maxLength(spec.length())) {
      String trimmed =
          SentenceTrim.toFit(
              description,
              OutputValidator.minLength(spec.length()),
              OutputValidator.maxLength(spec.length()));
      if (trimmed != null) {
        fixed =
            new CardContent(
                trimmed, fixed.features(), fixed.audience(), fixed.headers(), fixed.slogans());
        fixes.add(Fix.TRIM_DESCRIPTION);
      }
    }
    List<String> features =
        orSame(ExtraItem.drop(fixed.features(), spec.featuresCount(), spec), fixed.features());
    List<String> headers =
        orSame(ExtraItem.drop(fixed.headers(), spec.headersCount(), spec), fixed.headers());
    List<String> slogans =
        orSame(ExtraItem.drop(fixed.slogans(), spec.slogansCount(), spec), fixed.slogans());
    if (features != fixed.features() || headers != fixed.headers() || slogans != fixed.slogans()) {
      fixed = new CardContent(fixed.description(), features, fixed.audience(), headers, slogans);
      fixes.add(Fix.DROP_EXTRA_ITEM);
    }
    return new Fixed(fixed, fixes);
  }

  private static List<String> orSame(List<String> dropped, List<String> items) {
    return dropped == null ? items : dropped;
  }

  private static boolean anyText(CardContent content, Predicate<String> test) {
    Predicate<String> present = text -> text != null && test.test(text);
    return present.test(content.description())
        || present.test(content.audience())
        || anyItem(content.features(), present)
        || anyItem(content.headers(), present)
        || anyItem(content.slogans(), present);
  }

  private static boolean anyItem(List<String> items, Predicate<String> test) {
    return items != null && items.stream().anyMatch(test);
  }

  /**
   * Emphasis markers and control characters carry no words, so removing them changes how a text
   * looks, not what it says.
   */
  private static CardContent eachText(CardContent content, UnaryOperator<String> change) {
    UnaryOperator<String> text = value -> value == null ? null : change.apply(value);
    return new CardContent(
        text.apply(content.description()),
        items(content.features(), text),
        text.apply(content.audience()),
        items(content.headers(), text),
        items(content.slogans(), text));
  }

  private static List<String> items(List<String> items, UnaryOperator<String> text) {
    return items == null ? null : items.stream().map(text).toList();
  }
}

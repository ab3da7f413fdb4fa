package io.cardgen.worker.validation;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.wire.CardSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * Fixes what can be fixed in the model's answer without writing anything, so that a second call is
 * needed only for the rest: {@code **} markers are removed, an over-long description loses whole
 * sentences from its end when that lands it inside the window ({@link SentenceTrim}), and a list
 * with one item too many loses an item that carries nothing the seller confirmed ({@link
 * ExtraItem}). Nothing is ever added: a short description or a short list goes to the repair.
 */
public final class LocalFixes {

  /** A fix, as counted in {@code cardgen_generation_local_fixes_total{fix}}. */
  public enum Fix {
    STRIP_BOLD,
    TRIM_DESCRIPTION,
    DROP_EXTRA_ITEM
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
    if (anyText(fixed, BOLD)) {
      fixed = withoutBold(fixed);
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

  private static boolean anyText(CardContent content, String marker) {
    return contains(content.description(), marker)
        || contains(content.audience(), marker)
        || anyItem(content.features(), marker)
        || anyItem(content.headers(), marker)
        || anyItem(content.slogans(), marker);
  }

  private static boolean anyItem(List<String> items, String marker) {
    return items != null && items.stream().anyMatch(item -> contains(item, marker));
  }

  private static boolean contains(String text, String marker) {
    return text != null && text.contains(marker);
  }

  /**
   * Emphasis markers carry no words, so removing them changes how a text looks, not what it says.
   */
  private static CardContent withoutBold(CardContent content) {
    return new CardContent(
        unbold(content.description()),
        unbold(content.features()),
        unbold(content.audience()),
        unbold(content.headers()),
        unbold(content.slogans()));
  }

  private static String unbold(String text) {
    return text == null ? null : text.replace(BOLD, "");
  }

  private static List<String> unbold(List<String> items) {
    return items == null ? null : items.stream().map(LocalFixes::unbold).toList();
  }
}

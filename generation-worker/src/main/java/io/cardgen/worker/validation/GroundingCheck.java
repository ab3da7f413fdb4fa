package io.cardgen.worker.validation;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.request.ProductFact;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.worker.validation.Figures.Figure;
import io.cardgen.worker.validation.Unit.Dimension;
import io.cardgen.worker.validation.Violation.Rule;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The grounding guard: a figure (a number with a unit, see {@link Figures}) or a certification (see
 * {@link Certifications}) in the card that neither the product facts nor the short description
 * state is an invented property. Keywords do not count as a source, because spec §1 says they never
 * confirm a property; photos do not either, because a figure read off a photo cannot be checked.
 *
 * <p>A figure is grounded when the input states the same amount in a unit of the same dimension, so
 * an exact metric restatement passes ("0,5 л" for "500 мл", "35 см" for "350 мм"): it changes the
 * wording, not the property. The earlier numbers of a range or of dimensions ("15 - 256 ГБ" after
 * "iPhone 15") are also accepted when the input has them as bare numbers, because there the unit is
 * only a guess of the reader; the number that carries the unit must always be stated with one.
 *
 * <p>A certification is grounded when the input names its scheme with the same number ("ISO 9001"
 * for "ISO 9001:2015"), or its scheme at all when the card gives no number ("ГОСТ" after "ГОСТ
 * 19792-2017"). A word that claims a certificate without naming one ("certified") is grounded when
 * the input names any certification or has a {@code certificates} fact.
 */
public final class GroundingCheck {

  public List<Violation> check(CardSpec spec, CardContent content) {
    Stated stated = Stated.of(spec);
    List<Violation> violations = new ArrayList<>();
    checkText("description", content.description(), stated, violations);
    checkList("features", content.features(), stated, violations);
    checkText("audience", content.audience(), stated, violations);
    checkList("headers", content.headers(), stated, violations);
    checkList("slogans", content.slogans(), stated, violations);
    return List.copyOf(violations);
  }

  private static void checkList(
      String block, List<String> items, Stated stated, List<Violation> out) {
    if (items != null) {
      for (int i = 0; i < items.size(); i++) {
        checkText(block + "[" + i + "]", items.get(i), stated, out);
      }
    }
  }

  private static void checkText(String where, String text, Stated stated, List<Violation> out) {
    if (text == null) {
      return;
    }
    Set<String> invented = new LinkedHashSet<>();
    for (Figure figure : Figures.in(text, false)) {
      if (!stated.grounds(figure)) {
        invented.add(figure.text());
      }
    }
    for (String figure : invented) {
      out.add(
          new Violation(
              Rule.UNGROUNDED_FIGURE,
              "%s states \"%s\", a figure that neither the product facts nor the short description give"
                  .formatted(where, figure)));
    }
    Set<String> certifications = new LinkedHashSet<>();
    for (Certifications.Claim claim : Certifications.in(text)) {
      if (!stated.grounds(claim)) {
        certifications.add(claim.text());
      }
    }
    for (String certification : certifications) {
      out.add(
          new Violation(
              Rule.UNGROUNDED_CERTIFICATION,
              ("%s states \"%s\", a certification or standard that neither the product facts nor"
                      + " the short description give")
                  .formatted(where, certification)));
    }
  }

  /** An amount in the base unit of its dimension. */
  private record Amount(Dimension dimension, BigDecimal base) {}

  /**
   * What the input states: amounts with units, every number it contains at all, and the
   * certifications it names.
   *
   * @param certificatesFact whether the seller gave a {@code certificates} fact
   */
  private record Stated(
      Set<Amount> amounts,
      Set<BigDecimal> numbers,
      List<Certifications.Claim> certifications,
      boolean certificatesFact) {

    static Stated of(CardSpec spec) {
      String certificates = spec.productFacts().get(ProductFact.CERTIFICATES.wireName());
      Stated stated =
          new Stated(
              new HashSet<>(),
              new HashSet<>(),
              new ArrayList<>(),
              certificates != null && !certificates.isBlank());
      stated.add(spec.shortDescription());
      for (Map.Entry<String, String> fact : spec.productFacts().entrySet()) {
        stated.add(fact.getValue());
        if (fact.getKey().equals(ProductFact.QUANTITY.wireName())) {
          // "quantity": "6" means six pieces; the spec asks for units, but this one goes unsaid.
          for (BigDecimal number : Figures.numbersIn(fact.getValue(), true)) {
            stated.amounts.add(new Amount(Dimension.PIECES, Unit.PIECE.base(number)));
          }
        }
      }
      return stated;
    }

    private void add(String text) {
      for (Figure figure : Figures.in(text, true)) {
        for (List<BigDecimal> readings : figure.numbers()) {
          for (BigDecimal reading : readings) {
            amounts.add(amount(figure.unit(), reading));
          }
        }
      }
      for (BigDecimal number : Figures.numbersIn(text, true)) {
        numbers.add(normal(number));
      }
      certifications.addAll(Certifications.in(text));
    }

    boolean grounds(Certifications.Claim claim) {
      if (!claim.named()) {
        return certificatesFact || !certifications.isEmpty();
      }
      return certifications.stream()
          .anyMatch(
              given ->
                  given.scheme().equals(claim.scheme())
                      && (claim.number() == null || claim.number().equals(given.number())));
    }

    boolean grounds(Figure figure) {
      List<List<BigDecimal>> numbers = figure.numbers();
      for (int i = 0; i < numbers.size(); i++) {
        boolean carriesUnit = i == numbers.size() - 1;
        if (!grounds(figure.unit(), numbers.get(i), carriesUnit)) {
          return false;
        }
      }
      return true;
    }

    private boolean grounds(Unit unit, List<BigDecimal> readings, boolean carriesUnit) {
      for (BigDecimal reading : readings) {
        if (amounts.contains(amount(unit, reading))
            || (!carriesUnit && numbers.contains(normal(reading)))) {
          return true;
        }
      }
      return false;
    }

    private static Amount amount(Unit unit, BigDecimal value) {
      return new Amount(unit.dimension(), unit.base(value));
    }

    private static BigDecimal normal(BigDecimal value) {
      return value.signum() == 0 ? BigDecimal.ZERO : value.stripTrailingZeros();
    }
  }
}

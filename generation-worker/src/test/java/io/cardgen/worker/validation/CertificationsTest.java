package io.cardgen.worker.validation;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The claim scanner checks a claim's first letter before its alternatives; it misses none. */
class CertificationsTest {

  /** The scanner's pattern without its first-letter check, for comparison. */
  private static final Pattern WITHOUT_FIRST_LETTER =
      Pattern.compile(Certifications.CLAIM_ALTERNATIVES);

  private static final String[] PIECES = {
    "ISO",
    "iso",
    "9001",
    ":2015",
    "ГОСТ",
    "гост",
    "Гост",
    "Р",
    "GOST",
    "gost",
    "R",
    "ТР",
    "ТС",
    "008/2011",
    "EN",
    "71",
    "IEC",
    "60950",
    "EAC",
    "ЕАС",
    "CE",
    "СЕ",
    "ce",
    "FCC",
    "FDA",
    "GOTS",
    "OEKO",
    "oeko",
    "Öko",
    "öko",
    "-",
    "TEX",
    "tex",
    "RoHS",
    "rohs",
    "ROHS",
    "сертификат",
    "Сертифицирован",
    "certified",
    "Certificate",
    "CERTIFICATION",
    " ",
    "\u00A0",
    ".",
    ",",
    "x",
    "ж",
    "7",
    "«",
    "»"
  };

  @ParameterizedTest
  @ValueSource(
      strings = {
        "ISO 9001",
        "ГОСТ 19792",
        "гост 19792",
        "ГОСТ Р 51687",
        "GOST 19792",
        "gost R 19792",
        "ТР ТС 008/2011",
        "EN 71",
        "IEC 60950",
        "EAC",
        "ЕАС",
        "CE",
        "СЕ",
        "FCC",
        "FDA",
        "GOTS",
        "OEKO-TEX",
        "oeko-tex",
        "Öko-Tex",
        "öko tex",
        "RoHS",
        "rohs",
        "сертификат",
        "Сертификат",
        "certified",
        "Certified"
      })
  void findsEveryKindOfClaimInEitherCaseItAllows(String claim) {
    assertThat(Certifications.in("Товар: " + claim + ", в наличии."))
        .extracting(Certifications.Claim::text)
        .containsExactly(claim);
  }

  @Test
  void findsWhatThePatternWithoutTheFirstLetterCheckFinds() {
    Random random = new Random(42);
    for (int text = 0; text < 20_000; text++) {
      StringBuilder builder = new StringBuilder();
      for (int piece = random.nextInt(12); piece >= 0; piece--) {
        builder.append(PIECES[random.nextInt(PIECES.length)]);
        if (random.nextBoolean()) {
          builder.append(' ');
        }
      }
      String sample = builder.toString();
      assertThat(Certifications.in(sample))
          .as(sample)
          .extracting(Certifications.Claim::text)
          .containsExactlyElementsOf(claimsWithoutFirstLetterCheck(sample));
    }
  }

  /** What {@link Certifications#in} keeps of the old pattern's matches. */
  private static List<String> claimsWithoutFirstLetterCheck(String text) {
    List<String> claims = new ArrayList<>();
    Matcher matcher = WITHOUT_FIRST_LETTER.matcher(text);
    while (matcher.find()) {
      String numbered = matcher.group("numbered");
      boolean bareCode =
          numbered != null
              && matcher.group("number") == null
              && (numbered.equals("EN") || numbered.equals("IEC"));
      if (!bareCode) {
        claims.add(matcher.group());
      }
    }
    return claims;
  }
}

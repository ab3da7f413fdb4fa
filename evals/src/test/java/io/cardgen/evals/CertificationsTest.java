package io.cardgen.evals;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.evals.Certifications.Claim;
import org.junit.jupiter.api.Test;

/** How the eval counts certifications: the documented list, with numbers, given or not. */
class CertificationsTest {

  @Test
  void findsTheListedSchemesWithTheirNumbers() {
    assertThat(
            Certifications.in(
                "ISO 9001:2015, ГОСТ Р 52054-2003, gost 19792, ТР ТС 007/2011, EN 1078, IEC 62133,"
                    + " EAC, ЕАС, CE, FCC, FDA, GOTS, Oeko-Tex Standard 100, RoHS"))
        .containsExactly(
            new Claim("ISO 9001:2015", "ISO", "9001"),
            new Claim("ГОСТ Р 52054-2003", "GOST", "52054"),
            new Claim("gost 19792", "GOST", "19792"),
            new Claim("ТР ТС 007/2011", "TRTS", "007"),
            new Claim("EN 1078", "EN", "1078"),
            new Claim("IEC 62133", "IEC", "62133"),
            new Claim("EAC", "EAC", null),
            new Claim("ЕАС", "EAC", null),
            new Claim("CE", "CE", null),
            new Claim("FCC", "FCC", null),
            new Claim("FDA", "FDA", null),
            new Claim("GOTS", "GOTS", null),
            new Claim("Oeko-Tex", "OEKOTEX", null),
            new Claim("RoHS", "ROHS", null));
  }

  @Test
  void ignoresTheLettersInsideWordsAndAcronymsThatAreNoMark() {
    assertThat(
            Certifications.in(
                "Ceramic cup, гостиная, en route, the CEO, iso-thermal bag, Cellular, sections"))
        .isEmpty();
  }

  @Test
  void countsTheWordsThatClaimACertificateWithoutNamingOne() {
    assertThat(Certifications.in("Сертифицированный продукт, certified organic"))
        .extracting(Claim::scheme)
        .containsExactly("CERTIFIED", "CERTIFIED");
  }

  @Test
  void acceptsWhatTheSellerGaveAndTheSchemeAloneButNotAnotherNumber() {
    String input = "Мёд цветочный 500г по ГОСТ 19792-2017, Алтай";

    assertThat(Certifications.unsupported("Мёд по ГОСТ 19792-2017.", input, false)).isEmpty();
    assertThat(Certifications.unsupported("Мёд по ГОСТ.", input, false)).isEmpty();
    assertThat(Certifications.unsupported("Мёд по ГОСТ 12345-2020.", input, false))
        .containsExactly("ГОСТ 12345-2020");
    // the seller names a standard, so "сертифицирован" rests on it; ISO 9001 does not
    assertThat(Certifications.unsupported("Сертифицирован по ISO 9001.", input, false))
        .containsExactly("ISO 9001");
    assertThat(Certifications.unsupported("Сертифицирован по ISO 9001.", "Мёд, Алтай", false))
        .containsExactly("Сертифицирован", "ISO 9001");
    assertThat(Certifications.given("Мёд по ГОСТ 19792-2017, сертифицирован.", input))
        .containsExactly("ГОСТ 19792-2017");
  }

  @Test
  void groundsTheWordCertifiedOnAnyNamedCertificationOrACertificatesFact() {
    assertThat(Certifications.unsupported("FDA certified silicone", "FDA grade silicone", false))
        .isEmpty();
    assertThat(Certifications.unsupported("certified quality", "Silicone bib", true)).isEmpty();
    assertThat(Certifications.unsupported("certified quality", "Silicone bib", false))
        .containsExactly("certified");
  }
}

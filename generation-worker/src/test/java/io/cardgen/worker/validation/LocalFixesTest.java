package io.cardgen.worker.validation;

import static io.cardgen.worker.fixtures.CardSpecBuilder.aCardSpec;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.worker.validation.LocalFixes.Fix;
import io.cardgen.worker.validation.LocalFixes.Fixed;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each local fix, and the honesty rules: never cut a sentence, never pad, never drop a fact. */
class LocalFixesTest {

  /** 240 to 345 characters are accepted. */
  private static final CardSpec LENGTH_300 = aCardSpec().withLength(300).build();

  private static final String SENTENCE_60 =
      "Кружка из керамики подходит для чая, кофе и какао по утрам. "; // 60 code points

  private final LocalFixes fixes = new LocalFixes();

  @Test
  void removesBoldMarkersFromEveryText() {
    CardSpec spec = aCardSpec().withLength(300).withFeatures(2).withAudience().build();
    String description = SENTENCE_60.repeat(4) + "Это **яркий** акцент.";
    Fixed fixed =
        fixes.apply(
            spec,
            new CardContent(
                description, List.of("**Лёгкая**", "Прочная"), "Для **всех**.", null, null));

    assertThat(fixed.fixes()).containsExactly(Fix.STRIP_BOLD);
    assertThat(fixed.content().description()).isEqualTo(description.replace("**", ""));
    assertThat(fixed.content().features()).containsExactly("Лёгкая", "Прочная");
    assertThat(fixed.content().audience()).isEqualTo("Для всех.");
  }

  @Test
  void removesControlCharactersFromEveryTextButKeepsLineBreaksAndTabs() {
    CardSpec spec = aCardSpec().withLength(300).withFeatures(2).withAudience().build();
    String description = SENTENCE_60.repeat(4) + "Объём\u0000 350 мл.\r\nВторая строка.";
    Fixed fixed =
        fixes.apply(
            spec,
            new CardContent(
                description,
                List.of("Лёгкая\u0085", "Прочная\tи\u001bтихая"),
                "Для дома\nи офиса.",
                null,
                null));

    assertThat(fixed.fixes()).containsExactly(Fix.STRIP_CONTROLS);
    assertThat(fixed.content().description())
        .isEqualTo(SENTENCE_60.repeat(4) + "Объём 350 мл.\nВторая строка.");
    assertThat(fixed.content().features()).containsExactly("Лёгкая\n", "Прочная\tитихая");
    assertThat(fixed.content().audience()).isEqualTo("Для дома\nи офиса.");
    assertThat(new OutputValidator().validate(spec, fixed.content()))
        .extracting(Violation::rule)
        .doesNotContain(Violation.Rule.CONTROL_CHARACTERS);
  }

  @Test
  void removesControlCharactersBeforeTheMarkersTheyMayHaveSplit() {
    CardSpec spec = aCardSpec().withLength(300).build();
    String description = SENTENCE_60.repeat(4) + "Это *\u0000*яркий*\u0000* акцент.\rКонец.";

    Fixed fixed = fixes.apply(spec, new CardContent(description, null, null, null, null));

    assertThat(fixed.fixes()).containsExactly(Fix.STRIP_CONTROLS, Fix.STRIP_BOLD);
    assertThat(fixed.content().description())
        .isEqualTo(SENTENCE_60.repeat(4) + "Это яркий акцент.\nКонец.");
  }

  @Test
  void trimsAnOverLongDescriptionToWholeSentencesInsideTheWindow() {
    String description = SENTENCE_60.repeat(6).strip(); // 359: over 345

    Fixed fixed = fixes.apply(LENGTH_300, description(description));

    assertThat(fixed.fixes()).containsExactly(Fix.TRIM_DESCRIPTION);
    String trimmed = fixed.content().description();
    assertThat(trimmed).isEqualTo(SENTENCE_60.repeat(5).strip()).endsWith(".");
    assertThat(description).startsWith(trimmed);
    assertThat(trimmed.codePointCount(0, trimmed.length())).isBetween(240, 345);
  }

  @Test
  void neverCutsASentenceEvenWhenThatLeavesTheDescriptionTooLong() {
    String oneSentence = "Кружка " + "очень ".repeat(60) + "удобная.";

    Fixed fixed = fixes.apply(LENGTH_300, description(oneSentence));

    assertThat(fixed.fixes()).isEmpty();
    assertThat(fixed.content().description()).isEqualTo(oneSentence);
  }

  @Test
  void leavesTheDescriptionWhenDroppingASentenceWouldMakeItTooShort() {
    String description =
        SENTENCE_60.repeat(3) + "Последнее предложение " + "очень ".repeat(30) + "длинное.";

    Fixed fixed = fixes.apply(LENGTH_300, description(description));

    assertThat(fixed.fixes()).isEmpty();
    assertThat(fixed.content().description()).isEqualTo(description);
  }

  @Test
  void doesNotTakeAbbreviationsOrDecimalsForSentenceEnds() {
    String description =
        "Подходит для чая, кофе, какао и т. д. и хорошо держит тепло. Bluetooth 5.3 и дальность"
            + " до 10 м. "
            + SENTENCE_60.repeat(4)
            + "Хвост, который уже не помещается в окно.";

    String trimmed = fixes.apply(LENGTH_300, description(description)).content().description();

    assertThat(trimmed).startsWith("Подходит для чая, кофе, какао и т. д. и хорошо держит тепло.");
    assertThat(trimmed).contains("Bluetooth 5.3 и дальность до 10 м.");
    assertThat(trimmed).doesNotContain("Хвост");
  }

  @Test
  void neverPadsAShortDescription() {
    String shortOne = SENTENCE_60.repeat(2).strip();

    Fixed fixed = fixes.apply(LENGTH_300, description(shortOne));

    assertThat(fixed.fixes()).isEmpty();
    assertThat(fixed.content().description()).isEqualTo(shortOne);
  }

  @Test
  void dropsARepeatedItemFromAListOneTooLong() {
    CardSpec spec = aCardSpec().withLength(300).withFeatures(3).build();
    List<String> features = List.of("Керамика", "Ручная работа", "Глазурь", "Ручная работа.");

    Fixed fixed = fixes.apply(spec, withFeatures(features));

    assertThat(fixed.fixes()).containsExactly(Fix.DROP_EXTRA_ITEM);
    assertThat(fixed.content().features()).containsExactly("Керамика", "Ручная работа", "Глазурь");
  }

  @Test
  void dropsTheLastItemThatStatesNoConfirmedFact() {
    CardSpec spec =
        aCardSpec().withLength(300).withFeatures(2).withFact("material", "керамика").build();
    List<String> features = List.of("Керамика ручной работы", "Приятно держать", "Объём 350 мл");

    Fixed fixed = fixes.apply(spec, withFeatures(features));

    assertThat(fixed.content().features())
        .containsExactly("Керамика ручной работы", "Объём 350 мл");
  }

  @Test
  void keepsAListWhoseEveryItemCarriesAFactOrAFigure() {
    CardSpec spec =
        aCardSpec().withLength(300).withFeatures(2).withFact("material", "керамика").build();
    List<String> features = List.of("Керамика", "Объём 350 мл", "Высота 9 см");

    Fixed fixed = fixes.apply(spec, withFeatures(features));

    assertThat(fixed.fixes()).isEmpty();
    assertThat(fixed.content().features()).isEqualTo(features);
  }

  @Test
  void neverPadsAListOneShort() {
    CardSpec spec = aCardSpec().withLength(300).withFeatures(3).build();
    List<String> features = List.of("Керамика", "Глазурь");

    Fixed fixed = fixes.apply(spec, withFeatures(features));

    assertThat(fixed.fixes()).isEmpty();
    assertThat(fixed.content().features()).isEqualTo(features);
  }

  private static CardContent description(String description) {
    return new CardContent(description, null, null, null, null);
  }

  private static CardContent withFeatures(List<String> features) {
    return new CardContent(SENTENCE_60.repeat(5).strip(), features, null, null, null);
  }
}

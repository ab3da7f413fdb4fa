package io.cardgen.worker.validation;

import static io.cardgen.worker.fixtures.CardSpecBuilder.aCardSpec;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.worker.validation.CardLanguage.Language;
import io.cardgen.worker.validation.CardLanguage.Letters;
import io.cardgen.worker.validation.Violation.Rule;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The language check: which letters count, what the input asks for, and when a card fails. */
class CardLanguageTest {

  private static final String RUSSIAN_TEXT =
      "Лёгкая кружка для чая и кофе. Удобная ручка не нагревается, глазурь легко моется. Подойдёт"
          + " для дома и офиса, станет хорошим подарком.";
  private static final List<String> RUSSIAN_HEADERS =
      List.of("Кружка на каждое утро", "Чай и кофе с удовольствием", "Сделано вручную");
  private static final List<String> RUSSIAN_SLOGANS =
      List.of("Удобство, сделанное правильно.", "Качество в каждой детали.", "Просто. Надёжно.");
  private static final String ENGLISH_TEXT =
      "A light mug for tea and coffee. The comfortable handle stays cool and the glaze is easy to"
          + " clean. It suits home and office and makes a nice gift.";

  @Test
  void countsLettersPerScript() {
    assertThat(CardLanguage.letters("Кружка mug", Set.of())).isEqualTo(new Letters(6, 3, 0));
  }

  @Test
  void leavesOutCodesFiguresAndAcronyms() {
    // "12", "5.3", "USB-C", "NFC", "ISO", "9001", "E27", "IPX7", "S-XL", "ГОСТ" say no language
    assertThat(
            CardLanguage.letters(
                "Note 12 с NFC, BT 5.3, USB-C, ISO 9001, лампа E27, IPX7, S-XL, ГОСТ", Set.of()))
        .isEqualTo(new Letters(6, 4, 0)); // "с", "лампа"; "Note"
  }

  @Test
  void countsMixedCaseNamesAndSingleLetters() {
    // "Wi-Fi" and "iPhone" are written in Latin; "I" and "С" are words of their language
    assertThat(CardLanguage.letters("Wi-Fi iPhone I С", Set.of())).isEqualTo(new Letters(1, 11, 0));
  }

  @Test
  void countsTheLettersOfOtherScriptsApart() {
    assertThat(CardLanguage.letters("Кружка 陶瓷杯 κούπα", Set.of())).isEqualTo(new Letters(6, 0, 8));
  }

  @Test
  void countsWordsInCapitalsLongerThanAnAcronym() {
    // "GLAZE" (5) may be a mark; "COMFORTABLE" and "ГЛАЗУРЬЮ" are words shouted
    assertThat(CardLanguage.letters("GLAZE COMFORTABLE ГЛАЗУРЬЮ", Set.of()))
        .isEqualTo(new Letters(8, 11, 0));
  }

  @Test
  void leavesOutTheWordsItIsToldToSkipWhateverTheirCase() {
    assertThat(CardLanguage.letters("Xiaomi Redmi Ёлка", Set.of("xiaomi", "redmi", "елка")))
        .isEqualTo(new Letters(0, 0, 0));
  }

  @Test
  void findsNoLettersInNumbersOnlyTexts() {
    assertThat(CardLanguage.letters("100%, 2 × 10, 40-45, 183 x 61", Set.of()))
        .isEqualTo(new Letters(0, 0, 0));
  }

  @ParameterizedTest(name = "\"{0}\" → {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "Футболка оверсайз хлопок, унисекс, цвет чёрный, разм S-XL | RUSSIAN",
        "Наушники беспроводные TWS, BT 5.3, кейс, до 6ч работы | RUSSIAN",
        "USB-C hub 7in1, HDMI 4K, 3xUSB 3.0, SD/microSD, PD 100W | ENGLISH",
        "Merino wool beanie, ribbed knit, one size fits most | ENGLISH",
        // Latin names in Russian text, not given as brand or model facts: a quarter Cyrillic will
        // do
        "Кроссовки Nike Air Max 270, белые, р-р 42 | RUSSIAN",
        "Наушники Xiaomi Redmi Buds 4 Lite | RUSSIAN",
        // a stray Cyrillic word in a long English text
        "Ceramic mug with a Привет print, dishwasher and microwave safe, comes in a gift box, a"
            + " lovely present for friends and family, perfect for coffee, tea and cocoa | ENGLISH",
        // in between: the model decides, nothing is checked
        "Ceramic mug with a Привет print, dishwasher safe | ",
        "Смартфон Apple iPhone 15 Pro Max Black Titanium | ",
        // too few letters to tell
        "Худи | ",
        "XL 42 | ",
      })
  void readsTheLanguageOfTheShortDescription(String description, Language expected) {
    assertThat(CardLanguage.requested(aCardSpec().withShortDescription(description).build()))
        .isEqualTo(Optional.ofNullable(expected));
  }

  @Test
  void leavesOutBrandAndModelNames() {
    String description = "Smartphone Apple iPhone 15 Pro Max Black Titanium, новый";
    assertThat(CardLanguage.requested(aCardSpec().withShortDescription(description).build()))
        .isEmpty();
    CardSpec spec =
        aCardSpec()
            .withShortDescription(description)
            .withFact("brand", "Apple")
            .withFact("model", "iPhone 15 Pro Max Black Titanium")
            .build();

    // "Smartphone" against "новый"
    assertThat(CardLanguage.requested(spec)).contains(Language.RUSSIAN);
  }

  @Test
  void readsTheFactsWhenTheShortDescriptionIsOnlyNames() {
    CardSpec spec =
        aCardSpec()
            .withShortDescription("Xiaomi Redmi Buds 4 Lite")
            .withFact("brand", "Xiaomi")
            .withFact("model", "Redmi Buds 4 Lite")
            .withFact("color", "белый")
            .withFact("package_contents", "наушники, кейс, кабель")
            .build();

    assertThat(CardLanguage.requested(spec)).contains(Language.RUSSIAN);
  }

  @Test
  void acceptsACardInTheInputsLanguage() {
    assertThat(check(russian(), card(RUSSIAN_TEXT))).isEmpty();
    assertThat(check(english(), card(ENGLISH_TEXT))).isEmpty();
  }

  @Test
  void rejectsACardInTheOtherLanguageWithAPreciseInstruction() {
    assertThat(check(russian(), card(ENGLISH_TEXT)))
        .contains(
            new Violation(
                Rule.WRONG_LANGUAGE,
                "the texts are in English, but the short description is in Russian (only 0% of the"
                    + " letters of the words not copied from the input are Cyrillic); write every"
                    + " text in Russian, keeping brand and model names as the input writes them"));
    assertThat(check(english(), card(RUSSIAN_TEXT)))
        .extracting(Violation::detail)
        .singleElement()
        .asString()
        .startsWith("the texts are in Russian, but the short description is in English")
        .endsWith(
            "write every text in English, keeping brand and model names as the input"
                + " writes them");
  }

  @Test
  void judgesEveryTextOfTheCardTogether() {
    CardContent englishLists =
        new CardContent(
            RUSSIAN_TEXT,
            List.of("Comfortable handle that stays cool", "Glaze that is easy to clean"),
            "For everyone who loves a slow cup of tea in the morning and a quiet evening.",
            List.of("A mug you will reach for every morning"),
            List.of("Tea time, every time", "Simply good", "Made for every day"));

    assertThat(check(russian(), englishLists))
        .extracting(Violation::detail)
        .singleElement()
        .asString()
        .startsWith("the texts mix Russian and English, but the short description is in Russian");
  }

  @Test
  void rejectsARussianCardWithEnglishSlogansNamingThem() {
    List<String> slogans = List.of("Premium Quality", "Sound without limits", "Made for every day");

    assertThat(check(russian(), russianCard(RUSSIAN_HEADERS, slogans)))
        .contains(
            new Violation(
                Rule.WRONG_LANGUAGE,
                "the slogans are in English, but the short description is in Russian (only 0% of"
                    + " the letters of their words not copied from the input are Cyrillic); write"
                    + " every text in Russian, keeping brand and model names as the input writes"
                    + " them"));
  }

  @Test
  void rejectsARussianCardWithEnglishHeadersNamingThem() {
    List<String> headers =
        List.of("Sound without limits", "Your perfect morning cup", "Crafted by hand");

    assertThat(check(russian(), russianCard(headers, RUSSIAN_SLOGANS)))
        .extracting(Violation::detail)
        .singleElement()
        .asString()
        .startsWith("the headers are in English, but the short description is in Russian");
  }

  @Test
  void rejectsAnEnglishCardWithRussianSlogansNamingThem() {
    CardContent content =
        new CardContent(
            ENGLISH_TEXT,
            null,
            null,
            List.of("A mug for every morning", "Tea time, every time"),
            RUSSIAN_SLOGANS);

    assertThat(check(english(), content))
        .extracting(Violation::detail)
        .singleElement()
        .asString()
        .startsWith("the slogans are in Russian, but the short description is in English")
        .endsWith(
            "write every text in English, keeping brand and model names as the input"
                + " writes them");
  }

  @Test
  void namesTheSingleTextBlockAtFaultInTheSingular() {
    CardContent content =
        new CardContent(
            RUSSIAN_TEXT + " " + RUSSIAN_TEXT,
            null,
            "For everyone who loves a slow cup of tea in the morning.",
            null,
            null);

    assertThat(check(russian(), content))
        .extracting(Violation::detail)
        .singleElement()
        .asString()
        .startsWith("the audience is in English, but the short description is in Russian");
  }

  @Test
  void namesTheBlocksAtFaultWhenTheWholeCardMixesLanguages() {
    CardContent content =
        new CardContent(
            RUSSIAN_TEXT,
            List.of("Comfortable handle that stays cool", "Glaze that is easy to clean"),
            null,
            List.of("A mug you will reach for every morning", "Tea time, every time"),
            List.of("Simply good", "Made for every day", "Your new favourite mug"));

    assertThat(check(russian(), content))
        .extracting(Violation::detail)
        .singleElement()
        .asString()
        .startsWith("the texts mix Russian and English, but the short description is in Russian")
        .contains("; the features, the headers and the slogans are in English; write every text");
  }

  @Test
  void doesNotJudgeABlockWithTooFewLettersOnItsOwn() {
    // a product's name as its one slogan: 14 letters, not enough to tell a language
    assertThat(check(russian(), russianCard(RUSSIAN_HEADERS, List.of("Aroma Master Pro"))))
        .isEmpty();
  }

  @Test
  void acceptsRussianHeadersCarryingLatinBrandNames() {
    // the brands are in no input; their 17 Latin letters against 75 Cyrillic ones: 82 % Russian
    List<String> headers =
        List.of(
            "Фирменный звук Harman Kardon",
            "Корпус из алюминия и закалённого стекла",
            "Работает с голосовым помощником Alexa");

    assertThat(check(russian(), russianCard(headers, RUSSIAN_SLOGANS))).isEmpty();
  }

  @Test
  void seesThroughTheInputsWordsCopiedIntoAWrongLanguageCard() {
    // an English card that repeats the Russian product name is still English
    String copied = "Кружка керамическая ручной работы: " + ENGLISH_TEXT;
    CardSpec spec = aCardSpec().withShortDescription("Кружка керамическая ручной работы").build();

    assertThat(check(spec, card(copied)))
        .extracting(Violation::rule)
        .containsExactly(Rule.WRONG_LANGUAGE);
  }

  @Test
  void acceptsARussianCardFullOfLatinNamesCodesAndUnits() {
    CardSpec spec =
        aCardSpec()
            .withShortDescription("Смартфон Xiaomi Redmi Note 12, 8/256 ГБ, чёрный")
            .withFact("brand", "Xiaomi")
            .build();
    String card =
        "Смартфон Xiaomi Redmi Note 12 с экраном AMOLED, модулем NFC и разъёмом USB-C. Bluetooth"
            + " 5.3 и Wi-Fi работают стабильно, памяти 8/256 ГБ хватит на всё. Корпус чёрный.";

    assertThat(check(spec, card(card))).isEmpty();
  }

  @Test
  void acceptsAnEnglishCardWithOneRussianWord() {
    assertThat(check(english(), card(ENGLISH_TEXT + " A real уют at home."))).isEmpty();
  }

  @Test
  void doesNotJudgeACardWithTooFewLettersOfItsOwn() {
    CardSpec spec = aCardSpec().withShortDescription("Гантели разборные 2 x 10 кг").build();

    assertThat(check(spec, card("Гантели разборные, 2 x 10 kg, 20 kg total"))).isEmpty();
  }

  @Test
  void checksNothingWhenTheInputDoesNotTellItsLanguage() {
    CardSpec spec =
        aCardSpec().withShortDescription("Смартфон Apple iPhone 15 Pro Max Black Titanium").build();

    assertThat(check(spec, card(ENGLISH_TEXT))).isEmpty();
    assertThat(check(spec, card(RUSSIAN_TEXT))).isEmpty();
  }

  @Test
  void isPartOfTheOutputRules() {
    assertThat(new OutputValidator().validate(russian(), card(ENGLISH_TEXT)))
        .extracting(Violation::rule)
        .contains(Rule.WRONG_LANGUAGE);
  }

  private static List<Violation> check(CardSpec spec, CardContent content) {
    return CardLanguage.check(spec, content).stream().toList();
  }

  private static CardSpec russian() {
    return aCardSpec().withShortDescription("Керамическая кружка 350 мл, ручная работа").build();
  }

  private static CardSpec english() {
    return aCardSpec().withShortDescription("Ceramic mug 350 ml, handmade").build();
  }

  /**
   * A block is refused for being in the other language, not for mixing: an accessory's headers
   * naming the devices it fits are under two thirds Cyrillic, yet Russian.
   */
  @Test
  void acceptsRussianHeadersMadeHalfOfDeviceNames() {
    // 45 Cyrillic letters against 41 Latin ones in names no input gives: 52 % Russian
    List<String> headers =
        List.of(
            "Совместимость с iPhone, iPad и MacBook",
            "Для Samsung Galaxy и Google Pixel",
            "Быстрая зарядка без перегрева");

    assertThat(check(russian(), russianCard(headers, RUSSIAN_SLOGANS))).isEmpty();
  }

  private static CardContent russianCard(List<String> headers, List<String> slogans) {
    return new CardContent(
        RUSSIAN_TEXT,
        List.of("Удобная ручка не нагревается", "Глазурь легко моется в посудомоечной машине"),
        null,
        headers,
        slogans);
  }

  private static CardContent card(String description) {
    return new CardContent(description, null, null, null, null);
  }
}

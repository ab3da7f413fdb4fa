package io.cardgen.worker.validation;

import static io.cardgen.worker.fixtures.CardSpecBuilder.aCardSpec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.worker.validation.Violation.Rule;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class GroundingCheckTest {

  private final GroundingCheck check = new GroundingCheck();

  @Test
  void rejectsAVolumeTheInputDoesNotState() {
    CardSpec spec = aCardSpec().withShortDescription("Керамическая кружка 350 мл").build();

    assertThat(check.check(spec, description("Вместительная кружка на 500 мл для чая.")))
        .containsExactly(
            new Violation(
                Rule.UNGROUNDED_FIGURE,
                "description states \"500 мл\", a figure that neither the product facts nor the"
                    + " short description give"));
  }

  @Test
  void acceptsTheVolumeTheInputStates() {
    CardSpec spec = aCardSpec().withShortDescription("Керамическая кружка 350 мл").build();

    assertThat(check.check(spec, description("Кружка объёмом 350 мл для чая и кофе."))).isEmpty();
  }

  @Test
  void rejectsAnInventedFigureInEnglish() {
    CardSpec spec = aCardSpec().withShortDescription("Ceramic mug, 350 ml").build();

    assertThat(ungrounded(spec, "A roomy 500 ml mug that keeps tea hot for 2 hours."))
        .containsExactly("500 ml");
    assertThat(ungrounded(spec, "A 350 ml mug for tea and coffee.")).isEmpty();
  }

  /**
   * Decision: an exact restatement in another unit of the same dimension is grounded. It changes
   * the wording, not the property; the prompt still asks the model to copy figures as given.
   */
  @ParameterizedTest(name = "input \"{0}\", card \"{1}\" → grounded: {2}")
  @CsvSource(
      delimiter = '|',
      value = {
        "Бутылка 500 мл | Бутылка на 0,5 л | true",
        "Бутылка 0,5 л | Бутылка на 500 мл | true",
        "Bottle 0.5 l | Бутылка 0,5 л | true",
        "Бутылка 0,5 л | Бутылка на 0,50 л | true",
        "Бутылка 0,5 л | Бутылка на 0,7 л | false",
        "Гантель 1,5 кг | Гантель весом 1500 г | true",
        "Гантель 1,5 кг | Гантель весом 1,5 г | false",
        "Коврик 35 см | Коврик длиной 350 мм | true",
        "Power bank 5 000 mAh | Аккумулятор на 5000 мАч | true",
        "Power bank 5000 mAh | Ёмкость 5 Ач | true",
        "Ноутбук 15,6 дюйма | Экран 15,6″ | true",
        "Ноутбук 15,6 дюйма | Экран 39,6 см | false",
        "Чайник 2000 Вт | Мощность 2 кВт | true",
        "Кружка 350 мл | Кружка 350 г | false"
      })
  void comparesAmountsAcrossUnitsOfOneDimension(String input, String card, boolean grounded) {
    CardSpec spec = aCardSpec().withShortDescription(input).build();

    assertThat(check.check(spec, description(card)).isEmpty()).isEqualTo(grounded);
  }

  @Test
  void readsRangesAndDimensionsAsFiguresOfOneUnit() {
    CardSpec spec =
        aCardSpec()
            .withShortDescription("Подставка для ноутбука")
            .withFact("dimensions", "10 x 20 x 30 cm")
            .withFact("size", "высота 20-30 см")
            .build();

    assertThat(ungrounded(spec, "Размеры 10×20×30 см, высота регулируется от 20 до 30 см."))
        .isEmpty();
    assertThat(ungrounded(spec, "Высота регулируется от 20 до 40 см."))
        .containsExactly("20 до 40 см");
  }

  @Test
  void acceptsABareInputNumberBeforeARangeOrDimensionUnit() {
    CardSpec spec = aCardSpec().withShortDescription("Смартфон iPhone 15, 256GB").build();

    assertThat(ungrounded(spec, "iPhone 15 - 256 ГБ памяти.")).isEmpty();
    assertThat(ungrounded(spec, "iPhone 15 - 512 ГБ памяти.")).containsExactly("15 - 512 ГБ");
  }

  @Test
  void neverTakesKeywordsAsASource() {
    CardSpec spec =
        aCardSpec().withShortDescription("Термос").withKeywords("термос 500 мл").build();

    assertThat(ungrounded(spec, "Термос на 500 мл.")).containsExactly("500 мл");
  }

  @Test
  void checksEveryBlockAndNamesWhereTheFigureIs() {
    CardSpec spec =
        aCardSpec()
            .withShortDescription("Хлопковая футболка")
            .withFact("composition", "хлопок 95%, эластан 5%")
            .build();
    CardContent content =
        new CardContent(
            "Футболка из хлопка (95%) с эластаном.",
            List.of("Хлопок 95%", "Плотность 180 г/м²"),
            "Для тех, кто носит 100% хлопок.",
            List.of("Футболка 2 в 1"),
            List.of("Скидка 30%"));

    assertThat(check.check(spec, content))
        .extracting(Violation::detail)
        .extracting(detail -> detail.substring(0, detail.indexOf(',')))
        .containsExactly(
            "features[1] states \"180 г\"",
            "audience states \"100%\"",
            "slogans[0] states \"30%\"");
  }

  @ParameterizedTest(name = "\"{0}\" holds no figure")
  @CsvSource(
      delimiter = '|',
      value = {
        "Коллекция 2024 г. — классика.",
        "Набор 2 в 1: шампунь и кондиционер.",
        "Размер 48 M, свободный крой.",
        "Подходит для 2 смартфонов.",
        "Samsung Galaxy S23 в чехле.",
        "Модель WH-1000XM4 с шумоподавлением.",
        "Заварите чай за 3 минуты.",
        "Two-in-one: 2 in 1 shampoo."
      })
  void ignoresNumbersThatAreNotFigures(String card) {
    CardSpec spec = aCardSpec().withShortDescription("Товар").build();

    assertThat(ungrounded(spec, card)).isEmpty();
  }

  @Test
  void readsEnginePowerAsHorsepowerNotLitres() {
    CardSpec spec = aCardSpec().withShortDescription("Мотоблок 7 л.с.").build();

    assertThat(ungrounded(spec, "Двигатель 7 л.с. справится с целиной.")).isEmpty();
    assertThat(ungrounded(spec, "Бак на 7 л.")).containsExactly("7 л");
  }

  @Test
  void takesAQuantityFactWithoutUnitAsPieces() {
    CardSpec spec =
        aCardSpec().withShortDescription("Набор бокалов").withFact("quantity", "6").build();

    assertThat(ungrounded(spec, "В наборе 6 шт.")).isEmpty();
    assertThat(ungrounded(spec, "В наборе 8 шт.")).containsExactly("8 шт");
  }

  @Test
  void readsThousandsSeparatorsOfBothLanguages() {
    CardSpec spec = aCardSpec().withShortDescription("Пылесос 1 500 Вт, бак 1,2 л").build();

    assertThat(ungrounded(spec, "Мощность 1500 Вт, бак 1.2 l.")).isEmpty();
    assertThat(ungrounded(spec, "Power 1,500 W, 1,200 ml tank.")).isEmpty();
    assertThat(ungrounded(spec, "Мощность 1 800 Вт.")).containsExactly("1 800 Вт");
  }

  @Test
  void takesAPercentageAfterASizeOnItsOwn() {
    CardSpec spec = aCardSpec().withShortDescription("Футболка размер 42 100% хлопок").build();

    assertThat(ungrounded(spec, "Футболка из хлопка 100%.")).isEmpty();
  }

  /**
   * Input comes from users and the model: long runs must neither backtrack for seconds nor overflow
   * the stack (both did, before the number pattern was made atomic and bounded).
   */
  @Test
  void staysFastOnLongRunsOfDigitsAndSeparators() {
    CardSpec spec = aCardSpec().withShortDescription("123 456 ".repeat(600)).build();
    List<String> texts =
        List.of("123 456 ".repeat(1200) + "x", "1-2-3-4-5-".repeat(1000), "1 x ".repeat(2500));

    assertTimeoutPreemptively(
        Duration.ofSeconds(10), () -> texts.forEach(text -> check.check(spec, description(text))));
  }

  @Test
  void rejectsACertificationTheInputDoesNotName() {
    CardSpec spec = aCardSpec().withShortDescription("Лежанка для кошек, съёмная подушка").build();

    assertThat(check.check(spec, description("Мягкая лежанка. Сертифицирована по ISO 9001.")))
        .containsExactly(
            new Violation(
                Rule.UNGROUNDED_CERTIFICATION,
                "description states \"Сертифицирована\", a certification or standard that neither"
                    + " the product facts nor the short description give"),
            new Violation(
                Rule.UNGROUNDED_CERTIFICATION,
                "description states \"ISO 9001\", a certification or standard that neither the"
                    + " product facts nor the short description give"));
  }

  @ParameterizedTest(name = "input \"{0}\", facts \"{1}\", card \"{2}\" → grounded: {3}")
  @CsvSource(
      delimiter = '|',
      value = {
        // the seller's certification, from the facts or the description, is allowed
        "Мёд цветочный 500 г |  ГОСТ 19792-2017 | Мёд по ГОСТ 19792-2017. | true",
        "Мёд по ГОСТ 19792-2017 |  | Мёд по ГОСТ 19792-2017. | true",
        // the scheme alone restates it; another number or another scheme does not
        "Мёд цветочный 500 г | ГОСТ 19792-2017 | Мёд по ГОСТ. | true",
        "Мёд цветочный 500 г | ГОСТ 19792-2017 | Мёд по ГОСТ 12345-2020. | false",
        "Мёд цветочный 500 г | ГОСТ 19792-2017 | Мёд по ГОСТ Р 19792-2017. | true",
        "Мёд цветочный 500 г | ГОСТ 19792-2017 | Made to GOST 19792-2017. | true",
        "Мёд цветочный 500 г | ГОСТ 19792-2017 | Сертификат ISO 22000. | false",
        "Office chair | ISO 9001:2015 | Made under ISO 9001. | true",
        "Office chair | ISO 9001 | Made under ISO 14001. | false",
        // marks; a Cyrillic look-alike reads as the Latin mark
        "Конструктор деревянный | EAC | Маркировка EAC. | true",
        "Конструктор деревянный | ЕАС | Маркировка EAC. | true",
        "Конструктор деревянный |  | Маркировка EAC. | false",
        "Конструктор деревянный |  | Маркировка ЕАС. | false",
        "USB-C hub | CE, FCC, RoHS | CE and FCC marked, RoHS compliant. | true",
        "USB-C hub |  | CE marked. | false",
        "USB-C hub |  | FCC approved. | false",
        "USB-C hub |  | RoHS compliant. | false",
        "Baby bib, FDA food grade silicone |  | FDA silicone. | true",
        "Baby bib, silicone |  | FDA approved silicone. | false",
        "Organic cotton tee |  | GOTS certified cotton. | false",
        "Пижама детская | OEKO-TEX Standard 100 | Ткань по Oeko-Tex Standard 100. | true",
        "Пижама детская |  | Ткань сертифицирована OEKO-TEX. | false",
        "Велошлем |  | Соответствует EN 1078. | false",
        "Детская игрушка |  | Соответствует ТР ТС 008/2011. | false",
        // a certificate without a name rests on any named one or on a certificates fact
        "Павербанк, сертификат EAC |  | Павербанк сертифицирован. | true",
        "Пижама детская | есть | Пижама сертифицирована. | true",
        "Пижама детская |  | Пижама сертифицирована. | false",
        "Baby bib, silicone |  | Certified food grade silicone. | false",
      })
  void groundsACertificationOnlyOnTheSellersWord(
      String shortDescription, String certificates, String card, boolean grounded) {
    var builder = aCardSpec().withShortDescription(shortDescription);
    if (certificates != null) {
      builder.withFact("certificates", certificates);
    }

    List<Violation> violations = check.check(builder.build(), description(card));

    assertThat(violations.isEmpty()).as(violations.toString()).isEqualTo(grounded);
    assertThat(violations)
        .allSatisfy(
            violation -> assertThat(violation.rule()).isEqualTo(Rule.UNGROUNDED_CERTIFICATION));
  }

  /** Letters inside words and lower-case acronyms are no certification. */
  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "Ceramic mug for the CEO in your life, perfect in the living room.",
        "Уютная гостиная, гостевой набор, iso-термическая сумка, en route.",
        "Cellular, eacute, fdai, gotsa, cement, Celsius, ISOmetric.",
        "Подарочный набор для ценителей чая."
      })
  void ignoresWordsThatOnlyContainTheLetters(String card) {
    assertThat(check.check(aCardSpec().build(), description(card))).isEmpty();
  }

  @Test
  void neverTakesKeywordsAsASourceOfCertifications() {
    CardSpec spec =
        aCardSpec().withShortDescription("Пижама детская").withKeywords("пижама oeko-tex").build();

    assertThat(check.check(spec, description("Пижама из ткани OEKO-TEX.")))
        .extracting(Violation::rule)
        .containsExactly(Rule.UNGROUNDED_CERTIFICATION);
  }

  private List<String> ungrounded(CardSpec spec, String description) {
    return check.check(spec, description(description)).stream()
        .map(Violation::detail)
        .map(detail -> detail.substring(detail.indexOf('"') + 1, detail.indexOf("\", a figure")))
        .toList();
  }

  private static CardContent description(String text) {
    return new CardContent(text, null, null, null, null);
  }
}

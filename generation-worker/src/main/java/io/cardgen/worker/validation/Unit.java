package io.cardgen.worker.validation;

import java.math.BigDecimal;

/**
 * The units the grounding guard recognises after a number, in Russian and English spellings. Units
 * of one {@link Dimension} with an exact metric factor between them (grams and kilograms,
 * millilitres and litres, …) are compared by amount, so "0,5 л" restates "500 мл"; every other unit
 * only matches itself (inches are not converted to centimetres: the factor 2.54 invites rounding,
 * and a rounded figure is a changed one).
 *
 * <p>Patterns are matched case-insensitively, except inside {@code (?-i:…)}: a lone "в" is the
 * Russian preposition, not volts, and "M" after a number is a clothing size, not metres. Order
 * matters where one spelling is a prefix of another that is followed by a non-letter ("л.с." before
 * "л", "м²" before "м").
 */
enum Unit {
  SQUARE_METRE(Dimension.AREA, "1", "(?-i:м²|m²|м2|m2)|кв\\.\\s?м"),
  HORSEPOWER(Dimension.HORSEPOWER, "1", "л\\.\\s?с\\.?|hp"),
  MILLIAMPERE_HOUR(Dimension.CHARGE, "1", "мАч|мА·ч|мА\\*ч|mAh"),
  AMPERE_HOUR(Dimension.CHARGE, "1000", "Ач|А·ч|Ah"),
  WATT_HOUR(Dimension.ENERGY, "1", "Вт·ч|Втч|Wh"),
  MILLIGRAM(Dimension.MASS, "0.001", "мг|mg|миллиграмм\\p{L}*|milligrams?"),
  KILOGRAM(Dimension.MASS, "1000", "кг|kg|килограмм\\p{L}*|kilograms?|kilos?"),
  GRAM(Dimension.MASS, "1", "(?-i:г|g)|гр|gr|грамм\\p{L}*|grams?"),
  MILLILITRE(Dimension.VOLUME, "1", "мл|ml|миллилитр\\p{L}*|millilit(?:er|re)s?"),
  LITRE(Dimension.VOLUME, "1000", "(?-i:л|l|L)|литр\\p{L}*|lit(?:er|re)s?"),
  MILLIMETRE(Dimension.LENGTH, "1", "мм|mm|миллиметр\\p{L}*|millimet(?:er|re)s?"),
  CENTIMETRE(Dimension.LENGTH, "10", "см|cm|сантиметр\\p{L}*|centimet(?:er|re)s?"),
  KILOMETRE(Dimension.LENGTH, "1000000", "км|km|километр\\p{L}*|kilomet(?:er|re)s?"),
  METRE(Dimension.LENGTH, "1000", "(?-i:м|m)|метр\\p{L}*|met(?:er|re)s?"),
  INCH(Dimension.INCH, "1", "″|inch(?:es)?|дюйм\\p{L}*"),
  KILOWATT(Dimension.POWER, "1000", "кВт|kW|киловатт\\p{L}*|kilowatts?"),
  WATT(Dimension.POWER, "1", "(?-i:Вт|W)|ватт\\p{L}*|watts?"),
  VOLT(Dimension.VOLTAGE, "1", "(?-i:В|V)|вольт\\p{L}*|volts?"),
  GIGAHERTZ(Dimension.FREQUENCY, "1000000000", "ГГц|GHz"),
  MEGAHERTZ(Dimension.FREQUENCY, "1000000", "МГц|MHz"),
  KILOHERTZ(Dimension.FREQUENCY, "1000", "кГц|kHz"),
  HERTZ(Dimension.FREQUENCY, "1", "Гц|Hz|герц\\p{L}*|hertz"),
  TERABYTE(Dimension.TERABYTES, "1", "ТБ|TB|терабайт\\p{L}*|terabytes?"),
  GIGABYTE(Dimension.GIGABYTES, "1", "ГБ|GB|гигабайт\\p{L}*|gigabytes?"),
  MEGABYTE(Dimension.MEGABYTES, "1", "МБ|MB|мегабайт\\p{L}*|megabytes?"),
  CELSIUS(Dimension.TEMPERATURE, "1", "°\\s?[CС]|℃"),
  PERCENT(Dimension.PERCENT, "1", "%|процент\\p{L}*|percent"),
  PIECE(Dimension.PIECES, "1", "шт|штук\\p{L}*|pcs|pc|pieces?"),
  OUNCE(Dimension.OUNCES, "1", "oz|унци\\p{L}*|ounces?"),
  POUND(Dimension.POUNDS, "1", "lbs?|фунт\\p{L}*|pounds?");

  /** What a unit measures; amounts of different dimensions never ground each other. */
  enum Dimension {
    MASS,
    VOLUME,
    LENGTH,
    AREA,
    INCH,
    POWER,
    VOLTAGE,
    CHARGE,
    ENERGY,
    FREQUENCY,
    MEGABYTES,
    GIGABYTES,
    TERABYTES,
    TEMPERATURE,
    PERCENT,
    PIECES,
    OUNCES,
    POUNDS,
    HORSEPOWER
  }

  private final Dimension dimension;
  private final BigDecimal factor;
  private final String pattern;

  Unit(Dimension dimension, String factor, String pattern) {
    this.dimension = dimension;
    this.factor = new BigDecimal(factor);
    this.pattern = pattern;
  }

  Dimension dimension() {
    return dimension;
  }

  /** The amount in the dimension's smallest listed unit, normalised so that 0.50 equals 0.5. */
  BigDecimal base(BigDecimal value) {
    BigDecimal amount = value.multiply(factor).stripTrailingZeros();
    return amount.signum() == 0 ? BigDecimal.ZERO : amount;
  }

  String pattern() {
    return pattern;
  }

  /** The regex group name of this unit: letters and digits only, as Java requires. */
  String group() {
    return "u" + ordinal();
  }
}

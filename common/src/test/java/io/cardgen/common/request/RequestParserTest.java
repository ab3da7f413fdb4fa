package io.cardgen.common.request;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class RequestParserTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final RequestParser CURRENT = new RequestParser(ApiRevision.CURRENT);
  private static final RequestParser LEGACY = new RequestParser(ApiRevision.LEGACY);

  private static JsonNode body(String extra) {
    return JSON.readTree(
        "{\"image_url\": \"https://example.com/a.jpg\", \"short_description\": \"Кружка\","
            + " \"style\": \"standard\""
            + extra
            + "}");
  }

  private static GenerationRequest valid(RequestParser parser, String extra) {
    ParseResult result = parser.parse(body(extra));
    assertThat(result).as(extra).isInstanceOf(ParseResult.Valid.class);
    return ((ParseResult.Valid) result).request();
  }

  private static String invalid(RequestParser parser, String extra) {
    ParseResult result = parser.parse(body(extra));
    assertThat(result).as(extra).isInstanceOf(ParseResult.Invalid.class);
    return ((ParseResult.Invalid) result).message();
  }

  @Test
  void acceptsTheMinimalRequest() {
    GenerationRequest request = valid(CURRENT, "");
    assertThat(request.photos()).containsExactly("https://example.com/a.jpg");
    assertThat(request.style()).isEqualTo(Style.STANDARD);
    assertThat(request.length()).isNull();
  }

  @Test
  void acceptsLengthAtItsBoundsAndRejectsJustPast() {
    assertThat(valid(CURRENT, ", \"length\": 200").length()).isEqualTo(200);
    assertThat(valid(CURRENT, ", \"length\": 3000").length()).isEqualTo(3000);
    assertThat(invalid(CURRENT, ", \"length\": 199")).contains("length");
    assertThat(invalid(CURRENT, ", \"length\": 3001")).contains("length");
    assertThat(invalid(CURRENT, ", \"length\": 300.5")).contains("length");
    assertThat(invalid(CURRENT, ", \"length\": \"300\"")).contains("length");
  }

  @Test
  void limitsTheShortDescriptionTo500Characters() {
    valid(CURRENT, "").shortDescription();
    String at = "я".repeat(500);
    String past = "я".repeat(501);
    assertThat(
            CURRENT.parse(
                JSON.readTree(
                    "{\"image_url\": \"x\", \"short_description\": \""
                        + at
                        + "\", \"style\": \"playful\"}")))
        .isInstanceOf(ParseResult.Valid.class);
    assertThat(
            CURRENT.parse(
                JSON.readTree(
                    "{\"image_url\": \"x\", \"short_description\": \""
                        + past
                        + "\", \"style\": \"playful\"}")))
        .isInstanceOf(ParseResult.Invalid.class);
  }

  @Test
  void acceptsOnlyTheThirteenFactKeysWithShortStringValues() {
    assertThat(valid(CURRENT, ", \"product_facts\": {\"brand\": \"Acme\"}").productFacts())
        .containsEntry(ProductFact.BRAND, "Acme");
    assertThat(invalid(CURRENT, ", \"product_facts\": {\"price\": \"5\"}")).contains("price");
    assertThat(invalid(CURRENT, ", \"product_facts\": {\"weight\": 5}")).contains("weight");
    assertThat(invalid(CURRENT, ", \"product_facts\": {\"color\": {\"a\": \"b\"}}"))
        .contains("color");
    assertThat(invalid(CURRENT, ", \"product_facts\": []")).contains("product_facts");
    valid(CURRENT, ", \"product_facts\": {\"model\": \"" + "m".repeat(250) + "\"}");
    invalid(CURRENT, ", \"product_facts\": {\"model\": \"" + "m".repeat(251) + "\"}");
  }

  @Test
  void readsHeadersAndSlogansAsBooleansOrTheirCompatibilityStrings() {
    assertThat(valid(CURRENT, ", \"headers\": true").headers()).isTrue();
    assertThat(valid(CURRENT, ", \"headers\": \"headers\"").headers()).isTrue();
    assertThat(valid(CURRENT, ", \"slogans\": null").slogans()).isNull();
    assertThat(invalid(CURRENT, ", \"headers\": \"yes\"")).contains("headers");
    assertThat(invalid(CURRENT, ", \"slogans\": [true]")).contains("slogans");
    assertThat(valid(LEGACY, ", \"headers\": \"yes\"").headers()).isTrue();
  }

  @ParameterizedTest
  @ValueSource(strings = {"\"true\"", "1", "[]", "{}", "null"})
  void acceptsOnlyJsonBooleansForFeaturesAndAudience(String value) {
    assertThat(invalid(CURRENT, ", \"features\": " + value)).contains("features");
    assertThat(invalid(CURRENT, ", \"audience\": " + value)).contains("audience");
  }

  @Test
  void mapsBalancedCreativityToMiddle() {
    assertThat(valid(CURRENT, ", \"creativity\": \"balanced\"").creativity())
        .isEqualTo(Creativity.MIDDLE);
    assertThat(invalid(CURRENT, ", \"creativity\": \"wild\"")).contains("creativity");
  }

  @Test
  void limitsKeywords() {
    assertThat(valid(CURRENT, ", \"keywords\": \"a, b ,c\"").keywords())
        .containsExactly("a", "b", "c");
    String twenty = String.join(",", java.util.Collections.nCopies(20, "k"));
    valid(CURRENT, ", \"keywords\": \"" + twenty + "\"");
    invalid(CURRENT, ", \"keywords\": \"" + twenty + ",k\"");
    invalid(CURRENT, ", \"keywords\": \"" + "k".repeat(101) + "\"");
  }

  @Test
  void checksTheRequestIdFormat() {
    assertThat(valid(CURRENT, ", \"request_id\": \"a.b_c:d-1\"").requestId())
        .isEqualTo("a.b_c:d-1");
    valid(CURRENT, ", \"request_id\": \"" + "k".repeat(100) + "\"");
    invalid(CURRENT, ", \"request_id\": \"" + "k".repeat(101) + "\"");
    invalid(CURRENT, ", \"request_id\": \"ключ\"");
    invalid(CURRENT, ", \"request_id\": \"\"");
  }

  @ParameterizedTest
  @ValueSource(strings = {"[]", "\"text\"", "42", "null"})
  void rejectsABodyThatIsNotAnObject(String json) {
    assertThat(CURRENT.parse(JSON.readTree(json))).isInstanceOf(ParseResult.Invalid.class);
  }

  @Test
  void takesSeveralPhotosAndRejectsEmptyOnes() {
    assertThat(
            CURRENT.parse(
                JSON.readTree(
                    "{\"image_url\": [\"a\", \"b\"], \"short_description\": \"x\", \"style\": \"friendly\"}")))
        .isInstanceOf(ParseResult.Valid.class);
    assertThat(
            CURRENT.parse(
                JSON.readTree(
                    "{\"image_url\": [], \"short_description\": \"x\", \"style\": \"friendly\"}")))
        .isInstanceOf(ParseResult.Invalid.class);
    assertThat(
            CURRENT.parse(
                JSON.readTree(
                    "{\"image_url\": [\"a\", 5], \"short_description\": \"x\", \"style\": \"friendly\"}")))
        .isInstanceOf(ParseResult.Invalid.class);
  }

  @ParameterizedTest
  @ValueSource(strings = {"product_facts", "length", "keywords", "request_id"})
  void refusesAnExplicitNullWhereTheSpecDoesNotAllowOne(String field) {
    assertThat(invalid(CURRENT, ", \"" + field + "\": null")).contains(field);
  }

  @Test
  void takesNullAsAbsentWhereTheSpecAllowsIt() {
    GenerationRequest request =
        valid(CURRENT, ", \"headers\": null, \"slogans\": null, \"creativity\": null");
    assertThat(request.headers()).isNull();
    assertThat(request.slogans()).isNull();
    assertThat(request.creativity()).isNull();
  }

  @Test
  void namesTheRequiredFieldThatIsNull() {
    assertThat(
            CURRENT.parse(
                JSON.readTree(
                    "{\"image_url\": null, \"short_description\": \"x\", \"style\": \"standard\"}")))
        .isEqualTo(new ParseResult.Invalid("Поле «image_url» обязательно."));
  }

  /** A body built from a sheet without those columns learns all of them in one answer. */
  @Test
  void namesEveryMissingRequiredFieldAtOnce() {
    assertThat(CURRENT.parse(JSON.readTree("{}")))
        .isEqualTo(
            new ParseResult.Invalid(
                "Обязательные поля отсутствуют: «image_url», «short_description», «style»."));
    assertThat(
            CURRENT.parse(
                JSON.readTree("{\"image_url\": \"https://shop.example/a.jpg\", \"style\": null}")))
        .isEqualTo(
            new ParseResult.Invalid(
                "Обязательные поля отсутствуют: «short_description», «style»."));
  }

  @ParameterizedTest
  @ValueSource(strings = {"\\u0000", "\\ud800", "a\\udc00b"})
  void refusesTextThatCannotBeStored(String escape) {
    assertThat(
            CURRENT.parse(
                JSON.readTree(
                    "{\"image_url\": \"x\", \"short_description\": \"Кружка "
                        + escape
                        + "\", \"style\": \"standard\"}")))
        .isEqualTo(
            new ParseResult.Invalid(
                "Поле «short_description» содержит недопустимые символы: нулевой символ U+0000 или"
                    + " непарный суррогат."));
    assertThat(invalid(CURRENT, ", \"keywords\": \"a" + escape + "\"")).contains("keywords");
    assertThat(invalid(CURRENT, ", \"product_facts\": {\"brand\": \"" + escape + "\"}"))
        .contains("product_facts.brand");
  }

  @Test
  void countsCharactersNotUtf16Units() {
    String emoji = "\uD83D\uDE00";
    valid(CURRENT, ", \"product_facts\": {\"brand\": \"" + emoji.repeat(250) + "\"}");
    invalid(CURRENT, ", \"product_facts\": {\"brand\": \"" + emoji.repeat(251) + "\"}");
  }

  @Test
  void quotesAnUnknownFactKeyShortAndPrintable() {
    String message =
        invalid(CURRENT, ", \"product_facts\": {\"\\u0007" + "k".repeat(100) + "\": \"x\"}");
    assertThat(message).contains("«\uFFFD" + "k".repeat(39) + "…»");
  }

  @Test
  void speaksTheEarlierRevisionsCreativity() {
    assertThat(valid(LEGACY, ", \"creativity\": \"balanced\"").creativity())
        .isEqualTo(Creativity.MIDDLE);
    assertThat(invalid(LEGACY, ", \"creativity\": \"middle\"")).contains("balanced");
    assertThat(valid(CURRENT, ", \"creativity\": \"middle\"").creativity())
        .isEqualTo(Creativity.MIDDLE);
  }

  @Test
  void ignoresTheNewerFieldsInTheEarlierRevision() {
    GenerationRequest request =
        valid(
            LEGACY,
            ", \"product_facts\": 5, \"keywords\": [], \"features\": \"x\", \"audience\": null,"
                + " \"request_id\": \"!\"");
    assertThat(request.productFacts()).isEmpty();
    assertThat(request.keywords()).isNull();
    assertThat(request.features()).isNull();
    assertThat(request.requestId()).isNull();
  }

  @Test
  void enablesLegacyBlocksByAnyNonEmptyString() {
    assertThat(valid(LEGACY, ", \"slogans\": \"да\"").slogans()).isTrue();
    assertThat(valid(LEGACY, ", \"slogans\": \"\"").slogans()).isFalse();
    assertThat(invalid(LEGACY, ", \"slogans\": 1")).contains("slogans");
    assertThat(invalid(CURRENT, ", \"headers\": \"slogans\"")).contains("headers");
  }

  @Test
  void ignoresUpToTwentySmallUnknownFields() {
    StringBuilder extra = new StringBuilder();
    for (int i = 0; i < UnknownFields.MAX_COUNT; i++) {
      extra.append(", \"x").append(i).append("\": \"").append("v".repeat(900)).append('"');
    }
    valid(CURRENT, extra.toString());
    valid(LEGACY, extra.toString());
  }

  @Test
  void refusesTheTwentyFirstUnknownField() {
    StringBuilder extra = new StringBuilder();
    for (int i = 0; i <= UnknownFields.MAX_COUNT; i++) {
      extra.append(", \"x").append(i).append("\": 1");
    }
    assertThat(invalid(CURRENT, extra.toString())).contains("неизвестных полей", "20");
    assertThat(invalid(LEGACY, extra.toString())).contains("неизвестных полей");
  }

  @Test
  void refusesAnUnknownFieldOverTheSizeCap() {
    String value = "v".repeat(UnknownFields.MAX_CHARS);
    assertThat(invalid(CURRENT, ", \"note\": \"" + value + "\"")).contains("«note»", "1000");
    assertThat(invalid(CURRENT, ", \"note\": [\"" + value + "\"]")).contains("«note»");
    assertThat(invalid(CURRENT, ", \"" + "k".repeat(1001) + "\": 1")).contains("…»");
  }

  @Test
  void knownFieldsNeverCountAsUnknown() {
    valid(CURRENT, ", \"keywords\": \"" + "a,".repeat(19) + "a\"");
  }
}

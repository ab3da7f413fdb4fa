package io.cardgen.standalone;

import static io.cardgen.standalone.RandomJson.quote;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Values for each request field: {@link #valid} ones, so that most fuzzed requests get past the
 * first checks and reach the later ones, and {@link #wild} ones, just past a rule or of a random
 * type. Photo links are left out on purpose: see RandomBodiesIT.
 */
final class PlausibleValues {

  private static final List<String> STYLES =
      List.of("standard", "playful", "marketing", "friendly", "storytelling");
  private static final List<String> FACTS =
      List.of(
          "brand",
          "model",
          "material",
          "composition",
          "dimensions",
          "weight",
          "color",
          "size",
          "quantity",
          "country",
          "certificates",
          "compatibility",
          "package_contents");

  private PlausibleValues() {}

  /** A value the field's rule accepts (the plan may still refuse it). */
  static Arbitrary<String> valid(String field) {
    return switch (field) {
      case "image_url" -> validPhotos();
      case "short_description" -> sized(0, 499).map(text -> quote("К" + text));
      case "style" -> Arbitraries.of(STYLES).map(RandomJson::quote);
      case "product_facts" ->
          Combinators.combine(
                  Arbitraries.of(FACTS).map(RandomJson::quote),
                  sized(0, 250).map(RandomJson::quote))
              .as(RandomJson::member)
              .list()
              .ofMaxSize(4)
              .map(RandomJson::object);
      case "length" ->
          Arbitraries.frequencyOf(
                  Tuple.of(4, Arbitraries.integers().between(200, 1000)),
                  Tuple.of(1, Arbitraries.integers().between(1001, 3000)))
              .map(String::valueOf);
      case "headers" -> Arbitraries.of("true", "false", "null", "\"headers\"");
      case "slogans" -> Arbitraries.of("true", "false", "null", "\"slogans\"");
      case "creativity" ->
          Arbitraries.of("\"low\"", "\"middle\"", "\"high\"", "\"balanced\"", "null");
      case "keywords" ->
          sized(1, 20).list().ofMaxSize(20).map(phrases -> quote(String.join(",", phrases)));
      case "features", "audience" -> Arbitraries.of("true", "false");
      case "request_id" -> idempotencyKey().map(RandomJson::quote);
      default -> throw new IllegalArgumentException(field);
    };
  }

  /** 1 to 100 of letters, digits and {@code . _ : -}. */
  static Arbitrary<String> idempotencyKey() {
    return Arbitraries.strings()
        .withCharRange('a', 'z')
        .withCharRange('A', 'Z')
        .withCharRange('0', '9')
        .withChars("._:-")
        .ofMinLength(1)
        .ofMaxLength(100);
  }

  private static Arbitrary<String> validPhotos() {
    Arbitrary<String> photo =
        Arbitraries.of(RequestBodies.PHOTO, RequestBodies.BARE_BASE64).map(RandomJson::quote);
    return Arbitraries.oneOf(photo, photo.list().ofMinSize(1).ofMaxSize(3).map(RandomJson::array));
  }

  /** A value near or past the field's rules, or of a random type. */
  static Arbitrary<String> wild(String field) {
    return Arbitraries.frequencyOf(Tuple.of(2, nearby(field)), Tuple.of(1, RandomJson.value(2)));
  }

  private static Arbitrary<String> nearby(String field) {
    return switch (field) {
      case "image_url" -> photos();
      case "short_description" -> sized(0, 520).map(RandomJson::quote);
      case "style" ->
          Arbitraries.oneOf(Arbitraries.of(STYLES), RandomJson.text(12)).map(RandomJson::quote);
      case "product_facts" -> facts();
      case "length" ->
          Arbitraries.oneOf(
              Arbitraries.integers().between(150, 3100).map(String::valueOf),
              Arbitraries.of("199", "200", "201", "999", "1000", "1001", "2999", "3000", "3001"));
      case "headers", "slogans" ->
          Arbitraries.of("true", "false", "null", "\"headers\"", "\"slogans\"", "\"yes\"", "\"\"");
      case "creativity" ->
          Arbitraries.of("\"low\"", "\"middle\"", "\"high\"", "\"balanced\"", "null", "\"wild\"");
      case "keywords" -> keywords();
      case "features", "audience" -> Arbitraries.of("true", "false", "null", "\"true\"", "1");
      case "request_id" ->
          Arbitraries.strings()
              .withCharRange('a', 'z')
              .withCharRange('0', '9')
              .withChars("._:- /ё")
              .ofMaxLength(105)
              .map(RandomJson::quote);
      default -> throw new IllegalArgumentException(field);
    };
  }

  private static Arbitrary<String> photos() {
    Arbitrary<String> photo =
        Arbitraries.of(
                RequestBodies.PHOTO,
                RequestBodies.BARE_BASE64,
                "data:image/png;base64,AAAA",
                "data:text/plain;base64,aGk=",
                "ftp://example.com/a.png",
                "javascript:alert(1)",
                "",
                " ",
                "iVBORw0KGgo=")
            .map(RandomJson::quote);
    return Arbitraries.oneOf(photo, photo.list().ofMaxSize(5).map(RandomJson::array));
  }

  private static Arbitrary<String> facts() {
    Arbitrary<String> key =
        Arbitraries.oneOf(Arbitraries.of(FACTS), RandomJson.text(12)).map(RandomJson::quote);
    Arbitrary<String> value =
        Arbitraries.oneOf(sized(0, 260).map(RandomJson::quote), RandomJson.value(1));
    return Combinators.combine(key, value)
        .as(RandomJson::member)
        .list()
        .ofMaxSize(15)
        .map(RandomJson::object);
  }

  private static Arbitrary<String> keywords() {
    Arbitrary<String> phrase = sized(0, 110);
    return phrase.list().ofMaxSize(25).map(phrases -> quote(String.join(",", phrases)));
  }

  /**
   * Text of a length spread over {@code min..max} characters, so both sides of a limit come up;
   * some of it outside the BMP, so that characters and UTF-16 units differ.
   */
  private static Arbitrary<String> sized(int min, int max) {
    return Arbitraries.strings()
        .withCharRange('а', 'я')
        .withChars(" ,ё")
        .ofMinLength(min)
        .ofMaxLength(max)
        .map(text -> text.replace("ё", "😀"));
  }
}

package io.cardgen.standalone;

import java.math.BigInteger;
import java.util.List;
import java.util.stream.Collectors;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Random JSON text for fuzzing, written by hand rather than by a JSON library so that it can hold
 * what libraries normalise away: repeated keys, unpaired surrogate escapes, numbers of any length
 * and form, and text that is not JSON at all.
 */
final class RandomJson {

  private RandomJson() {}

  /** Any JSON value, nested up to {@code depth} levels. */
  static Arbitrary<String> value(int depth) {
    if (depth == 0) {
      return scalar();
    }
    Arbitrary<String> inner = value(depth - 1);
    return Arbitraries.frequencyOf(
        Tuple.of(4, scalar()),
        Tuple.of(1, inner.list().ofMaxSize(4).map(RandomJson::array)),
        Tuple.of(
            1,
            Combinators.combine(string(), inner)
                .as(RandomJson::member)
                .list()
                .ofMaxSize(4)
                .map(RandomJson::object)));
  }

  static Arbitrary<String> scalar() {
    return Arbitraries.frequencyOf(
        Tuple.of(1, Arbitraries.of("null", "true", "false")),
        Tuple.of(2, number()),
        Tuple.of(3, string()));
  }

  /** Integers near and far, decimals, exponents, and digit strings longer than any parser likes. */
  static Arbitrary<String> number() {
    return Arbitraries.oneOf(
        Arbitraries.integers().between(-5, 4000).map(String::valueOf),
        Arbitraries.bigIntegers()
            .between(BigInteger.TEN.pow(30).negate(), BigInteger.TEN.pow(30))
            .map(BigInteger::toString),
        Arbitraries.doubles().map(String::valueOf),
        Arbitraries.of("300.0", "3e2", "-0", "1E400", "0.000001", "2.5e-7"),
        Arbitraries.strings().numeric().ofMinLength(1).ofMaxLength(1500).map(d -> "1" + d));
  }

  /** A JSON string literal of random text: escaped code units (even lone surrogates) or raw. */
  static Arbitrary<String> string() {
    return text(60).map(RandomJson::quote);
  }

  static Arbitrary<String> text(int maxLength) {
    return Arbitraries.oneOf(
        Arbitraries.strings().all().ofMaxLength(maxLength),
        Arbitraries.strings()
            .withCharRange('а', 'я')
            .withChars(" ,.-:😀\n\t\"\\")
            .ofMaxLength(maxLength),
        Arbitraries.strings().ascii().ofMaxLength(maxLength));
  }

  static String quote(String text) {
    StringBuilder json = new StringBuilder("\"");
    for (char c : text.toCharArray()) {
      if (c == '"' || c == '\\') {
        json.append('\\').append(c);
      } else if (c < 0x20 || c > 0x7e) {
        json.append(String.format("\\u%04x", (int) c));
      } else {
        json.append(c);
      }
    }
    return json.append('"').toString();
  }

  static String member(String quotedKey, String value) {
    return quotedKey + ":" + value;
  }

  static String array(List<String> values) {
    return values.stream().collect(Collectors.joining(",", "[", "]"));
  }

  static String object(List<String> members) {
    return members.stream().collect(Collectors.joining(",", "{", "}"));
  }
}

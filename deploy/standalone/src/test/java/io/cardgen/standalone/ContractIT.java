package io.cardgen.standalone;

import static io.cardgen.standalone.RequestBodies.BARE_BASE64;
import static io.cardgen.standalone.RequestBodies.LINK;
import static io.cardgen.standalone.RequestBodies.PHOTO;
import static io.cardgen.standalone.RequestBodies.aRequest;
import static io.cardgen.standalone.RequestBodies.array;
import static io.cardgen.standalone.RequestBodies.string;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every request rule of spec §2.1, §5 and §8 through the real HTTP stack, row by row: an accepted
 * value at each boundary and a refused one just past it, with the status, the code and a Russian
 * message that names the field.
 *
 * <p>"Accepted" rows are sent by accounts with no credit: the credit check is the last one (spec
 * §5), so {@code 403 insufficient_credits} proves that every field, plan and photo rule passed,
 * without paying for a generation per row. CardResponseIT covers what an accepted request returns.
 */
class ContractIT {

  /** Who sends a row. Every account has no credit. */
  enum Who {
    /** A plan with every option, 3 photos, length up to 1000. */
    FULL,
    /** A plan with API access and nothing else: 1 photo, length up to 3000. */
    BARE,
    NO_PLAN,
    NO_API_ACCESS,
    NO_KEY,
    UNKNOWN_KEY
  }

  record Row(
      String rule,
      Who who,
      String body,
      Map<String, String> headers,
      int status,
      String code,
      String mentions) {

    @Override
    public String toString() {
      return rule;
    }
  }

  private static final Map<Who, String> KEYS = new EnumMap<>(Who.class);
  private static TestStack stack;
  private static PublicApi api;

  @BeforeAll
  static void tenants() throws Exception {
    stack = SharedStack.get();
    api = PublicApi.of(stack);
    KEYS.put(Who.FULL, Tenants.account(stack, Tenants.aFullPlan().create(stack), 0).apiKey());
    KEYS.put(Who.BARE, Tenants.account(stack, Tenants.aBarePlan().create(stack), 0).apiKey());
    KEYS.put(Who.NO_PLAN, Tenants.account(stack, null, 5).apiKey());
    String noApi = Tenants.aFullPlan().with("api_access", false).create(stack);
    KEYS.put(Who.NO_API_ACCESS, Tenants.account(stack, noApi, 5).apiKey());
    KEYS.put(Who.UNKNOWN_KEY, "cg_not-a-key-anyone-was-given");
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rows")
  void answersEveryRuleAtItsBoundary(Row row) throws Exception {
    TestStack.Response response = api.post(KEYS.get(row.who()), row.headers(), row.body());

    assertThat(response.status()).as(row.rule() + " → " + response).isEqualTo(row.status());
    assertThat(response.json().get("success").asBoolean()).isFalse();
    assertThat(response.json().get("code").asString())
        .as(response.toString())
        .isEqualTo(row.code());
    String message = response.json().get("message").asString();
    assertThat(message).as("Russian message").containsPattern("[А-Яа-яЁё]{3}");
    assertThat(response.json().get("error").asString()).isEqualTo(message);
    if (row.mentions() != null) {
      assertThat(message).as("names the field").contains(row.mentions());
    }
  }

  @Test
  void reportsOnlyTheFirstBrokenRuleInFieldOrder() throws Exception {
    String body =
        aRequest().with("style", "\"loud\"").with("length", "10").with("keywords", "5").json();

    TestStack.Response response = api.post(KEYS.get(Who.FULL), body);

    assertThat(response.status()).isEqualTo(422);
    assertThat(response.json().get("message").asString())
        .contains("style")
        .doesNotContain("length")
        .doesNotContain("keywords");
  }

  static Stream<Row> rows() {
    List<Row> rows = new ArrayList<>();
    access(rows);
    bodyShape(rows);
    imageUrl(rows);
    shortDescription(rows);
    style(rows);
    productFacts(rows);
    length(rows);
    compatFlags(rows);
    creativity(rows);
    keywords(rows);
    switches(rows);
    idempotencyKeys(rows);
    checkOrder(rows);
    return rows.stream();
  }

  private static void access(List<Row> rows) {
    String valid = aRequest().json();
    rows.add(refused("no Authorization header", Who.NO_KEY, valid, 401, "unauthorized", null));
    rows.add(refused("unknown API key", Who.UNKNOWN_KEY, valid, 401, "unauthorized", null));
    rows.add(refused("no plan", Who.NO_PLAN, valid, 403, "plan_required", null));
    rows.add(refused("no API access", Who.NO_API_ACCESS, valid, 403, "api_unavailable", null));
    rows.add(
        new Row(
            "Basic instead of Bearer",
            Who.NO_KEY,
            valid,
            Map.of("Authorization", "Basic Y2FyZDpnZW4="),
            401,
            "unauthorized",
            null));
  }

  private static void bodyShape(List<Row> rows) {
    for (String body : List.of("[]", "\"text\"", "42", "null", "true", "", "{", "{} {}")) {
      rows.add(invalid("body " + (body.isEmpty() ? "(empty)" : body), Who.FULL, body, null));
    }
    rows.add(invalid("body {}", Who.FULL, "{}", "image_url"));
    String duplicate =
        "{\"image_url\": \"x\", \"short_description\": \"a\", \"style\": \"standard\","
            + " \"style\": \"playful\"}";
    rows.add(invalid("body with a repeated key", Who.FULL, duplicate, null));
    rows.add(accepted("unknown top-level field ignored", aRequest().with("colour", "\"red\"")));
  }

  private static void imageUrl(List<Row> rows) {
    rows.add(accepted("image_url data URI", aRequest()));
    rows.add(accepted("image_url bare base64", aRequest().with("image_url", string(BARE_BASE64))));
    rows.add(accepted("image_url link", aRequest().with("image_url", string(LINK))));
    rows.add(
        accepted("image_url array of 1", aRequest().with("image_url", array(string(PHOTO), 1))));
    rows.add(
        accepted(
            "image_url array of 3 = plan max",
            aRequest().with("image_url", array(string(LINK), 3))));
    rows.add(
        invalid(
            "image_url array of 4 > plan max",
            Who.FULL,
            aRequest().with("image_url", array(string(LINK), 4)).json(),
            "image_url"));
    rows.add(
        row(
            "image_url 1 = bare plan max",
            Who.BARE,
            aRequest().with("image_url", array(string(LINK), 1)),
            403,
            "insufficient_credits",
            null));
    rows.add(
        invalid(
            "image_url 2 > bare plan max",
            Who.BARE,
            aRequest().with("image_url", array(string(LINK), 2)).json(),
            "image_url"));
    for (String value : List.of("null", "\"\"", "\"   \"", "5", "{}", "[]", "true")) {
      rows.add(invalidField("image_url " + value, "image_url", value));
    }
    rows.add(
        invalid(
            "image_url missing", Who.FULL, aRequest().without("image_url").json(), "image_url"));
    rows.add(
        invalidField("image_url array with a number", "image_url", "[" + string(PHOTO) + ", 5]"));
    rows.add(
        invalidField(
            "image_url array with a blank", "image_url", "[" + string(PHOTO) + ", \" \"]"));
    rows.add(invalidField("image_url nested array", "image_url", "[[" + string(PHOTO) + "]]"));
    for (String photo :
        List.of(
            "not a photo",
            "ftp://example.com/a.png",
            "data:image/png;base64,AAAA",
            "file:///etc/passwd")) {
      rows.add(
          row(
              "image_url " + photo,
              Who.FULL,
              aRequest().with("image_url", string(photo)),
              422,
              "image_invalid",
              "image_url"));
    }
  }

  private static void shortDescription(List<Row> rows) {
    String field = "short_description";
    rows.add(accepted("short_description 1 character", aRequest().with(field, string("я"))));
    rows.add(
        accepted("short_description 500 characters", aRequest().with(field, string("я", 500))));
    rows.add(
        accepted(
            "short_description 500 emoji (code points)",
            aRequest().with(field, string("😀", 500))));
    rows.add(invalidField("short_description 501 characters", field, string("я", 501)));
    rows.add(invalidField("short_description 501 emoji", field, string("😀", 501)));
    for (String value :
        List.of("null", "\"\"", "\"  \\n \"", "5", "[\"a\"]", "\"a\\u0000b\"", "\"\\ud800\"")) {
      rows.add(invalidField("short_description " + value, field, value));
    }
    rows.add(
        invalid("short_description missing", Who.FULL, aRequest().without(field).json(), field));
  }

  private static void style(List<Row> rows) {
    for (String style : List.of("standard", "playful", "marketing", "friendly", "storytelling")) {
      rows.add(accepted("style " + style, aRequest().with("style", string(style))));
    }
    for (String value :
        List.of("\"Standard\"", "\"\"", "\"loud\"", "null", "1", "[\"standard\"]")) {
      rows.add(invalidField("style " + value, "style", value));
    }
    rows.add(invalid("style missing", Who.FULL, aRequest().without("style").json(), "style"));
  }

  private static void productFacts(List<Row> rows) {
    String field = "product_facts";
    rows.add(accepted("product_facts {}", aRequest().with(field, "{}")));
    StringBuilder all = new StringBuilder("{");
    for (String key :
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
            "package_contents")) {
      all.append(all.length() > 1 ? "," : "").append(string(key)).append(": \"x\"");
    }
    rows.add(accepted("product_facts all 13 keys", aRequest().with(field, all + "}")));
    rows.add(
        accepted(
            "product_facts value 250 characters",
            aRequest().with(field, "{\"brand\": " + string("б", 250) + "}")));
    rows.add(
        invalidField(
            "product_facts value 251 characters",
            "product_facts.brand",
            field,
            "{\"brand\": " + string("б", 251) + "}"));
    rows.add(invalidField("product_facts unknown key", "price", field, "{\"price\": \"5\"}"));
    rows.add(invalidField("product_facts number value", "weight", field, "{\"weight\": 5}"));
    rows.add(
        invalidField("product_facts nested object", "color", field, "{\"color\": {\"a\": \"b\"}}"));
    rows.add(invalidField("product_facts array value", "color", field, "{\"color\": [\"red\"]}"));
    rows.add(invalidField("product_facts null value", "color", field, "{\"color\": null}"));
    rows.add(invalidField("product_facts boolean value", "color", field, "{\"color\": true}"));
    for (String value : List.of("[]", "\"brand\"", "5", "null")) {
      rows.add(invalidField("product_facts " + value, field, value));
    }
  }

  private static void length(List<Row> rows) {
    rows.add(accepted("length 200", aRequest().with("length", "200")));
    rows.add(accepted("length 1000 = plan max", aRequest().with("length", "1000")));
    rows.add(invalidField("length 199", "length", "199"));
    rows.add(invalidField("length 1001 > plan max", "length", "1001"));
    rows.add(
        row(
            "length 3000 = bare plan max",
            Who.BARE,
            aRequest().with("length", "3000"),
            403,
            "insufficient_credits",
            null));
    rows.add(
        invalid(
            "length 3001 > spec max",
            Who.BARE,
            aRequest().with("length", "3001").json(),
            "length"));
    for (String value :
        List.of(
            "300.5",
            "300.0",
            "3e2",
            "\"300\"",
            "null",
            "-1",
            "0",
            "true",
            "[300]",
            "99999999999999999999")) {
      rows.add(invalidField("length " + value, "length", value));
    }
  }

  private static void compatFlags(List<Row> rows) {
    for (String field : List.of("headers", "slogans")) {
      for (String value : List.of("true", "false", "null", string(field))) {
        rows.add(accepted(field + " " + value, aRequest().with(field, value)));
      }
      String other = field.equals("headers") ? "slogans" : "headers";
      for (String value :
          List.of(string(other), "\"yes\"", "\"true\"", "\"\"", "1", "[true]", "{}")) {
        rows.add(invalidField(field + " " + value, field, value));
      }
      rows.add(optionUnavailable(field + " true on a plan without it", field, "true"));
      rows.add(
          optionUnavailable(
              field + " \"" + field + "\" on a plan without it", field, string(field)));
      rows.add(onBare(field + " false on a plan without it", aRequest().with(field, "false")));
      rows.add(onBare(field + " null on a plan without it", aRequest().with(field, "null")));
    }
  }

  private static void creativity(List<Row> rows) {
    for (String value : List.of("\"low\"", "\"middle\"", "\"high\"", "\"balanced\"", "null")) {
      rows.add(accepted("creativity " + value, aRequest().with("creativity", value)));
    }
    for (String value : List.of("\"wild\"", "\"MIDDLE\"", "\"\"", "1", "true", "[\"low\"]")) {
      rows.add(invalidField("creativity " + value, "creativity", value));
    }
    rows.add(optionUnavailable("creativity on a plan without it", "creativity", "\"low\""));
    rows.add(onBare("creativity null on a plan without it", aRequest().with("creativity", "null")));
  }

  private static void keywords(List<Row> rows) {
    String twentyPhrases =
        String.join(",", IntStream.rangeClosed(1, 20).mapToObj(i -> "k" + i).toList());
    rows.add(accepted("keywords 20 phrases", aRequest().with("keywords", string(twentyPhrases))));
    rows.add(invalidField("keywords 21 phrases", "keywords", string(twentyPhrases + ",k21")));
    rows.add(accepted("keywords phrase of 100", aRequest().with("keywords", string("к", 100))));
    rows.add(invalidField("keywords phrase of 101", "keywords", string("к", 101)));
    List<String> fiveHundred = new ArrayList<>(Collections.nCopies(19, "k".repeat(24)));
    fiveHundred.add("k".repeat(25));
    rows.add(
        accepted(
            "keywords 500 characters",
            aRequest().with("keywords", string(String.join(",", fiveHundred)))));
    List<String> fiveHundredOne = new ArrayList<>(Collections.nCopies(4, "k".repeat(100)));
    fiveHundredOne.add("k".repeat(97));
    rows.add(
        invalidField(
            "keywords 501 characters", "keywords", string(String.join(",", fiveHundredOne))));
    rows.add(
        accepted("keywords empty phrases dropped", aRequest().with("keywords", string("a,, ,b"))));
    for (String value : List.of("null", "5", "[\"a\"]", "{}", "\"a\\u0000\"")) {
      rows.add(invalidField("keywords " + value, "keywords", value));
    }
    rows.add(optionUnavailable("keywords on a plan without it", "keywords", "\"чай\""));
    rows.add(onBare("keywords empty on a plan without it", aRequest().with("keywords", "\"\"")));
  }

  private static void switches(List<Row> rows) {
    for (String field : List.of("features", "audience")) {
      rows.add(accepted(field + " true", aRequest().with(field, "true")));
      rows.add(accepted(field + " false", aRequest().with(field, "false")));
      for (String value : List.of("\"true\"", "1", "0", "null", "[]", "{}", string(field))) {
        rows.add(invalidField(field + " " + value, field, value));
      }
      rows.add(optionUnavailable(field + " true on a plan without it", field, "true"));
      rows.add(onBare(field + " false on a plan without it", aRequest().with(field, "false")));
    }
  }

  private static void idempotencyKeys(List<Row> rows) {
    String allowed = "aZ09._:-";
    rows.add(accepted("request_id 1 character", aRequest().with("request_id", "\"k\"")));
    rows.add(
        accepted("request_id 100 characters", aRequest().with("request_id", string("k", 100))));
    rows.add(
        accepted(
            "request_id every allowed symbol", aRequest().with("request_id", string(allowed))));
    rows.add(invalidField("request_id 101 characters", "request_id", string("k", 101)));
    for (String value : List.of("\"\"", "\"ключ\"", "\"a b\"", "\"a/b\"", "\"a,b\"", "5", "null")) {
      rows.add(invalidField("request_id " + value, "request_id", value));
    }
    String valid = aRequest().json();
    rows.add(withKey("Idempotency-Key 1 character", "k", valid, 403, "insufficient_credits", null));
    rows.add(
        withKey(
            "Idempotency-Key 100 characters",
            "k".repeat(100),
            valid,
            403,
            "insufficient_credits",
            null));
    rows.add(
        withKey(
            "Idempotency-Key every allowed symbol",
            allowed,
            valid,
            403,
            "insufficient_credits",
            null));
    rows.add(
        withKey(
            "Idempotency-Key 101 characters",
            "k".repeat(101),
            valid,
            422,
            "invalid_parameters",
            "Idempotency-Key"));
    rows.add(
        withKey(
            "Idempotency-Key with a space",
            "a b",
            valid,
            422,
            "invalid_parameters",
            "Idempotency-Key"));
    rows.add(
        withKey(
            "Idempotency-Key with a slash",
            "a/b",
            valid,
            422,
            "invalid_parameters",
            "Idempotency-Key"));
    String withId = aRequest().with("request_id", "\"same-key\"").json();
    rows.add(
        withKey(
            "Idempotency-Key equal to request_id",
            "same-key",
            withId,
            403,
            "insufficient_credits",
            null));
    rows.add(
        withKey(
            "Idempotency-Key differs from request_id",
            "other-key",
            withId,
            422,
            "invalid_parameters",
            "request_id"));
  }

  /** Spec §5: each pair of problems is answered by the one checked first. */
  private static void checkOrder(List<Row> rows) {
    String malformed = "{";
    rows.add(refused("plan before body", Who.NO_PLAN, malformed, 403, "plan_required", null));
    rows.add(
        refused(
            "API access before body", Who.NO_API_ACCESS, malformed, 403, "api_unavailable", null));
    rows.add(
        invalid(
            "field rules before plan options",
            Who.BARE,
            aRequest().with("headers", "true").with("style", "\"loud\"").json(),
            "style"));
    rows.add(
        row(
            "plan options before plan limits",
            Who.BARE,
            aRequest().with("slogans", "true").with("image_url", array(string(LINK), 2)),
            403,
            "tariff_option_unavailable",
            "slogans"));
    rows.add(
        new Row(
            "Idempotency-Key before plan options",
            Who.BARE,
            aRequest().with("headers", "true").json(),
            Map.of("Idempotency-Key", "a b"),
            422,
            "invalid_parameters",
            "Idempotency-Key"));
    rows.add(
        invalid(
            "plan limits before photos",
            Who.FULL,
            aRequest().with("image_url", array(string("not a photo"), 4)).json(),
            "image_url"));
    rows.add(
        row(
            "photos before credit",
            Who.FULL,
            aRequest().with("image_url", string("not a photo")),
            422,
            "image_invalid",
            "image_url"));
  }

  private static Row accepted(String rule, RequestBodies body) {
    return row(rule, Who.FULL, body, 403, "insufficient_credits", null);
  }

  private static Row onBare(String rule, RequestBodies body) {
    return row(rule, Who.BARE, body, 403, "insufficient_credits", null);
  }

  private static Row optionUnavailable(String rule, String field, String value) {
    return row(
        rule, Who.BARE, aRequest().with(field, value), 403, "tariff_option_unavailable", field);
  }

  private static Row invalidField(String rule, String field, String value) {
    return invalidField(rule, field, field, value);
  }

  private static Row invalidField(String rule, String mentions, String field, String value) {
    return invalid(rule, Who.FULL, aRequest().with(field, value).json(), mentions);
  }

  private static Row invalid(String rule, Who who, String body, String mentions) {
    return refused(rule, who, body, 422, "invalid_parameters", mentions);
  }

  private static Row refused(
      String rule, Who who, String body, int status, String code, String mentions) {
    return new Row(rule, who, body, Map.of(), status, code, mentions);
  }

  private static Row row(
      String rule, Who who, RequestBodies body, int status, String code, String mentions) {
    return new Row(rule, who, body.json(), Map.of(), status, code, mentions);
  }

  private static Row withKey(
      String rule, String key, String body, int status, String code, String mentions) {
    return new Row(rule, Who.FULL, body, Map.of("Idempotency-Key", key), status, code, mentions);
  }
}

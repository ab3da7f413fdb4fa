package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import com.networknt.schema.Error;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.core.json.JsonWriteFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The OpenAPI document and the server agree, both ways: requests drawn from the document's own
 * request schema are classified by the schema validator, and a schema-valid request passes every
 * syntax rule (it ends at 403 {@code insufficient_credits}: the sender has no credit and a plan
 * with every option and the widest limits), while a schema-invalid one is refused with 422 —
 * nothing in between, no rule the document does not state. The one exception is documented: unknown
 * top-level fields, which the schema leaves out and the server ignores within a small cap.
 *
 * <p>Fixed seed and a few hundred requests in CI; {@code -Dcontract.seed=… -Dcontract.tries=5000}
 * to look wider locally. A failure prints the seed and the body.
 */
class SchemaContractIT {

  private static final long SEED = Long.getLong("contract.seed", 20_261_123L);
  private static final int TRIES = Integer.getInteger("contract.tries", 300);

  /**
   * Escapes everything past ASCII, so that an unpaired surrogate travels as {@code \uD800} and is
   * judged by the server as the validator judged it, instead of being turned into {@code ?} by the
   * client's UTF-8 encoder.
   */
  private static final JsonMapper ASCII_JSON =
      JsonMapper.builder().enable(JsonWriteFeature.ESCAPE_NON_ASCII).build();

  private static PublicApi api;
  private static OpenApiSchemas openApi;
  private static String apiKey;

  @BeforeAll
  static void start() throws Exception {
    TestStack stack = SharedStack.get();
    api = PublicApi.of(stack);
    openApi = OpenApiSchemas.served(api);
    String plan = Tenants.aFullPlan().with("max_photos", 50).with("max_length", 3000).create(stack);
    apiKey = Tenants.account(stack, plan, 0).apiKey();
  }

  @Test
  void theServerAcceptsExactlyWhatTheSchemaAllows() throws Exception {
    SchemaSampler sampler = new SchemaSampler(openApi, new Random(SEED));
    JsonNode requestSchema =
        openApi
            .document()
            .at(OpenApiSchemas.OPERATION + "/requestBody/content/application~1json/schema");
    Map<String, Integer> tally = new TreeMap<>();
    for (int attempt = 0; attempt < TRIES; attempt++) {
      JsonNode body = sampler.sampleRequest(requestSchema);
      Map<String, String> headers = idempotencyKey(sampler, body, attempt);
      List<Error> violations = new ArrayList<>(openApi.validateRequest(body));
      headers.values().forEach(key -> violations.addAll(openApi.validateIdempotencyKey(key)));
      boolean valid = violations.isEmpty();

      TestStack.Response response = api.post(apiKey, headers, ASCII_JSON.writeValueAsString(body));

      String context =
          "seed " + SEED + ", try " + attempt + ": " + headers + " " + body + " → " + response;
      assertThat(response.json()).as(context).isNotNull();
      assertThat(openApi.validateResponse(response.status(), response.json()))
          .as(context)
          .isEmpty();
      String code = response.json().get("code").asString();
      if (valid) {
        assertThat(code).as("schema-valid, " + context).isEqualTo("insufficient_credits");
      } else if (onlyUnknownFields(violations)) {
        // The documented tolerance: a few small unknown fields are ignored (or refused when too
        // many or too large) although the schema, meant for writing clients, lists none.
        assertThat(code).as(context).isIn("insufficient_credits", "invalid_parameters");
      } else {
        assertThat(response.status()).as("schema-invalid, " + context).isEqualTo(422);
        assertThat(code).as(context).isIn("invalid_parameters", "image_invalid");
      }
      tally.merge((valid ? "valid " : "invalid ") + code, 1, Integer::sum);
    }
    // A sampler that only ever produced one kind would prove nothing.
    assertThat(tally.keySet())
        .as(tally.toString())
        .contains("valid insufficient_credits", "invalid invalid_parameters");
    assertThat(tally.get("valid insufficient_credits"))
        .as(tally.toString())
        .isGreaterThan(TRIES / 10);
  }

  /**
   * The two documented places where the schema is stricter than the server: unknown fields, and the
   * keywords pattern, which counts empty phrases and untrimmed spaces the server ignores.
   */
  private static boolean onlyUnknownFields(List<Error> violations) {
    return violations.stream()
        .allMatch(
            error ->
                "additionalProperties".equals(error.getKeyword())
                    || ("pattern".equals(error.getKeyword())
                        && error.getInstanceLocation().toString().endsWith("keywords")));
  }

  /**
   * The header from its own schema a third of the time; equal to {@code request_id} when the body
   * has one, since the two must agree (a rule across header and body the schema cannot state).
   */
  private static Map<String, String> idempotencyKey(
      SchemaSampler sampler, JsonNode body, int attempt) {
    Map<String, String> headers = new LinkedHashMap<>();
    if (attempt % 3 != 0) {
      return headers;
    }
    JsonNode requestId = body.get("request_id");
    JsonNode key =
        requestId != null
            ? requestId
            : sampler.sample(
                openApi.document().at(OpenApiSchemas.OPERATION + "/parameters/0/schema"));
    // Only what an HTTP client can put in a header; the rest is the body's problem alone.
    if (key.isString()
        && !key.asString().isEmpty()
        && key.asString().chars().allMatch(c -> c > 32 && c < 127)) {
      headers.put("Idempotency-Key", key.asString());
    }
    return headers;
  }
}

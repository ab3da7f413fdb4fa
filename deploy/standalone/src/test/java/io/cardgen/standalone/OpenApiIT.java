package io.cardgen.standalone;

import static io.cardgen.standalone.RequestBodies.aRequest;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The OpenAPI document is served on the public port, is internally consistent, and its schemas
 * match what the endpoint really answers: a card, and an error of every status a test can provoke.
 */
class OpenApiIT {

  private static TestStack stack;
  private static PublicApi api;
  private static OpenApiSchemas openApi;

  @BeforeAll
  static void start() throws Exception {
    stack = SharedStack.get();
    api = PublicApi.of(stack);
    openApi = OpenApiSchemas.served(api);
  }

  @Test
  void servesAnOpenApi31DocumentOfTheEndpointOnThePublicPortOnly() throws Exception {
    JsonNode document = openApi.document();
    assertThat(document.get("openapi").asString()).isEqualTo("3.1.0");
    assertThat(document.at(OpenApiSchemas.OPERATION).isObject()).isTrue();
    assertThat(document.at("/components/securitySchemes/bearerAuth/scheme").asString())
        .isEqualTo("bearer");
    assertThat(openApi.documentedStatuses())
        .containsExactlyInAnyOrder(
            200, 400, 401, 403, 405, 409, 410, 413, 414, 415, 422, 429, 431, 500, 501, 502, 503,
            505);
    assertThat(openApi.response(405).at("/headers/Allow").isObject()).isTrue();
    assertThat(openApi.response(429).at("/headers/Retry-After").isObject()).isTrue();
    assertThat(document.at(OpenApiSchemas.OPERATION + "/parameters/0/name").asString())
        .isEqualTo("Idempotency-Key");

    TestStack.Response onAdminPort =
        stack.admin("GET", "/openapi.json", null, null, stack.adminPort);
    assertThat(onAdminPort.status()).isEqualTo(404);
  }

  /**
   * The build's copy of the contract: the served document is written to {@code
   * target/openapi/product-card-api.json} and must equal the committed file byte for byte, so a
   * change to one without the other fails the build.
   */
  /**
   * Batch creation's refusals as the document describes them: an item the plan refuses is 403 with
   * its errors, a body of another type 415, a legacy account 400 (batch-api §2).
   */
  @Test
  void batchCreationRefusalsMatchTheirDocumentedSchemas() throws Exception {
    BatchApi batches = new BatchApi(stack);
    String bare = Tenants.aBarePlan().create(stack);
    Tenants.Tenant tenant = Tenants.account(stack, bare, 5);
    String withHeaders =
        "{\"items\": [{\"custom_id\": \"h-1\", \"request\": "
            + BatchApi.request("Сумка")
                .replace("\"length\": 300", "\"length\": 300, \"headers\": true")
            + "}]}";

    TestStack.Response planRefused = batches.create(tenant.apiKey(), null, withHeaders);
    TestStack.Response wrongType =
        batches.create(tenant.apiKey(), null, "text/plain", "", BatchApi.body(1, i -> "x", null));
    TestStack.Response legacy =
        batches.create(
            Tenants.legacyAccount(stack, bare, 5).apiKey(), null, BatchApi.body(1, i -> "x", null));

    assertThat(planRefused.status()).as(planRefused.toString()).isEqualTo(403);
    assertThat(planRefused.json().get("errors")).hasSize(1);
    assertThat(wrongType.status()).as(wrongType.toString()).isEqualTo(415);
    assertThat(legacy.status()).as(legacy.toString()).isEqualTo(400);
    for (TestStack.Response answer : List.of(planRefused, wrongType, legacy)) {
      assertThat(openApi.validateBatchCreation(answer.status(), answer.json()))
          .as(answer.toString())
          .isEmpty();
    }
  }

  @Test
  void theServedDocumentIsTheCommittedFile() throws Exception {
    java.net.http.HttpResponse<byte[]> served =
        java.net.http.HttpClient.newHttpClient()
            .send(
                java.net.http.HttpRequest.newBuilder(
                        java.net.URI.create(
                            "http://localhost:" + stack.publicPort + "/openapi.json"))
                    .build(),
                java.net.http.HttpResponse.BodyHandlers.ofByteArray());
    java.nio.file.Path written = java.nio.file.Path.of("target/openapi/product-card-api.json");
    java.nio.file.Files.createDirectories(written.getParent());
    java.nio.file.Files.write(written, served.body());
    byte[] committed =
        java.nio.file.Files.readAllBytes(
            java.nio.file.Path.of(
                "../../api-gateway/src/main/resources/openapi/product-card-api.json"));

    assertThat(served.body()).isEqualTo(committed);
  }

  @Test
  void resolvesEveryReferenceInsideTheDocument() {
    List<String> references = new ArrayList<>();
    collectReferences(openApi.document(), references);

    assertThat(references).isNotEmpty();
    for (String reference : references) {
      assertThat(reference).startsWith("#/");
      assertThat(openApi.document().at(reference.substring(1)).isMissingNode())
          .as(reference)
          .isFalse();
    }
  }

  private static void collectReferences(JsonNode node, List<String> references) {
    if (node.isObject() && node.has("$ref")) {
      references.add(node.get("$ref").asString());
    }
    node.values().forEach(child -> collectReferences(child, references));
  }

  @Test
  void realAnswersMatchTheSchemaOfTheirStatus() throws Exception {
    Map<String, TestStack.Response> answers = provokeEveryAnswer();

    for (Map.Entry<String, TestStack.Response> answer : answers.entrySet()) {
      TestStack.Response response = answer.getValue();
      assertThat(openApi.validateResponse(response.status(), response.json()))
          .as(answer.getKey() + " → " + response)
          .isEmpty();
    }
    assertThat(answers.values().stream().map(TestStack.Response::status).distinct())
        .containsExactlyInAnyOrder(200, 400, 401, 403, 405, 409, 410, 413, 415, 422, 429, 502);
    assertThat(answers.get("card").header("Idempotency-Key")).isEqualTo("openapi-card");
    assertThat(answers.get("rate limited").header("Retry-After")).matches("[1-9][0-9]*");
  }

  @Test
  void theSchemasRejectWhatTheyDescribeAsWrong() {
    JsonNode card = TestStack.JSON.readTree("{\"success\": true, \"error\": null, \"data\": {}}");
    JsonNode noCode = TestStack.JSON.readTree("{\"success\": false, \"error\": \"Ошибка\"}");
    JsonNode wrongCode =
        TestStack.JSON.readTree(
            "{\"success\": false, \"error\": \"Ошибка\", \"code\": \"plan_required\","
                + " \"message\": \"Ошибка\"}");

    assertThat(openApi.validateResponse(200, card)).isNotEmpty();
    assertThat(openApi.validateResponse(422, noCode)).isNotEmpty();
    assertThat(openApi.validateResponse(422, wrongCode)).isNotEmpty();
    assertThat(openApi.validateResponse(400, noCode)).isEmpty();
  }

  @Test
  void theRequestSchemaAgreesWithTheServerOnWhatItCanExpress() {
    List<RequestBodies> valid =
        List.of(
            aRequest(),
            aRequest().with("image_url", "[\"a\", \"b\"]").with("length", "3000"),
            aRequest().with("headers", "\"headers\"").with("slogans", "null"),
            aRequest().with("creativity", "\"balanced\"").with("keywords", "\"чай, кофе\""),
            aRequest().with("product_facts", "{\"brand\": \"Acme\", \"package_contents\": \"x\"}"),
            aRequest().with("features", "false").with("request_id", "\"a.b_c:d-1\""));
    List<RequestBodies> invalid =
        List.of(
            aRequest().without("style"),
            aRequest().with("style", "\"loud\""),
            aRequest().with("image_url", "[]"),
            aRequest().with("short_description", RequestBodies.string("я", 501)),
            aRequest().with("length", "199"),
            aRequest().with("length", "3001"),
            aRequest().with("length", "\"300\""),
            aRequest().with("headers", "\"yes\""),
            aRequest().with("creativity", "\"wild\""),
            aRequest().with("keywords", RequestBodies.string("k", 501)),
            aRequest().with("features", "null"),
            aRequest().with("product_facts", "{\"price\": \"5\"}"),
            aRequest().with("product_facts", "{\"brand\": 5}"),
            aRequest().with("request_id", "\"a b\""));

    for (RequestBodies body : valid) {
      assertThat(openApi.validateRequest(TestStack.JSON.readTree(body.json())))
          .as(body.json())
          .isEmpty();
    }
    for (RequestBodies body : invalid) {
      assertThat(openApi.validateRequest(TestStack.JSON.readTree(body.json())))
          .as(body.json())
          .isNotEmpty();
    }
  }

  private static Map<String, TestStack.Response> provokeEveryAnswer() throws Exception {
    String full = Tenants.aFullPlan().create(stack);
    String bare = Tenants.aBarePlan().create(stack);
    String funded = Tenants.account(stack, full, 20).apiKey();
    String fundedBare = Tenants.account(stack, bare, 20).apiKey();
    String broke = Tenants.account(stack, full, 0).apiKey();
    String legacy = Tenants.legacyAccount(stack, full, 20).apiKey();
    String oneAMinute =
        Tenants.account(
                stack, Tenants.aFullPlan().with("rate_limit_per_minute", 1).create(stack), 0)
            .apiKey();
    String noApi =
        Tenants.account(stack, Tenants.aFullPlan().with("api_access", false).create(stack), 5)
            .apiKey();
    String allBlocks = aRequest().with("headers", "true").with("slogans", "true").json();

    Map<String, TestStack.Response> answers = new LinkedHashMap<>();
    answers.put("card", api.post(funded, Map.of("Idempotency-Key", "openapi-card"), allBlocks));
    answers.put("card without blocks", api.post(fundedBare, aRequest().json()));
    answers.put(
        "conflict", api.post(funded, Map.of("Idempotency-Key", "openapi-card"), aRequest().json()));
    String uid = answers.get("card").json().at("/data/uid").asString();
    stack.admin("DELETE", "/admin/cards/" + uid, null);
    answers.put("deleted", api.post(funded, Map.of("Idempotency-Key", "openapi-card"), allBlocks));
    answers.put("unauthorized", api.post(null, aRequest().json()));
    answers.put("no plan", api.post(Tenants.account(stack, null, 5).apiKey(), aRequest().json()));
    answers.put("no API access", api.post(noApi, aRequest().json()));
    answers.put("option", api.post(fundedBare, aRequest().with("headers", "true").json()));
    answers.put("no credit", api.post(broke, aRequest().json()));
    answers.put("invalid", api.post(funded, aRequest().with("length", "1").json()));
    answers.put("bad photo", api.post(funded, aRequest().with("image_url", "\"x\"").json()));
    answers.put("legacy error", api.post(legacy, aRequest().with("style", "\"loud\"").json()));
    answers.put(
        "refused by the model",
        api.post(funded, aRequest().with("short_description", "\"Кружка [sim:refuse]\"").json()));
    answers.put(
        "wrong method",
        api.send(
            "GET",
            "/api/text/product",
            Map.of(),
            java.net.http.HttpRequest.BodyPublishers.noBody()));
    answers.put(
        "not JSON", api.post(funded, Map.of("Content-Type", "text/plain"), aRequest().json()));
    answers.put(
        "framing",
        api.send(
            "POST",
            "/api/text%2Fproduct",
            Map.of(),
            java.net.http.HttpRequest.BodyPublishers.noBody()));
    api.post(oneAMinute, "{}");
    answers.put("rate limited", api.post(oneAMinute, "{}"));
    String tooLarge = " ".repeat(SharedStack.SMALL_BODY_LIMIT_BYTES + 1);
    answers.put(
        "too large",
        new PublicApi(SharedStack.secondGateway().publicPort()).post(funded, tooLarge));
    return answers;
  }
}

package io.cardgen.standalone;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.dialect.Dialects;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import tools.jackson.databind.JsonNode;

/**
 * The schemas of the OpenAPI document the gateway serves, as a JSON Schema validator (OpenAPI 3.1
 * dialect, i.e. draft 2020-12) sees them, with {@code $ref}s resolved inside the document.
 */
final class OpenApiSchemas {

  static final String OPERATION = "/paths/~1api~1text~1product/post";
  private static final String BASE = "https://cardgen.test/openapi.json";

  private final JsonNode document;
  private final SchemaRegistry registry;
  private final Map<String, Schema> schemas = new ConcurrentHashMap<>();

  OpenApiSchemas(JsonNode document) {
    this.document = document;
    this.registry =
        SchemaRegistry.withDefaultDialect(
            Dialects.getOpenApi31(), builder -> builder.schemas(Map.of(BASE, document.toString())));
  }

  /** Fetches the document from the gateway's public port. */
  static OpenApiSchemas served(PublicApi api) throws Exception {
    TestStack.Response response = api.get("/openapi.json");
    if (response.status() != 200 || response.json() == null) {
      throw new AssertionError("no OpenAPI document: " + response);
    }
    return new OpenApiSchemas(response.json());
  }

  JsonNode document() {
    return document;
  }

  /** The statuses the operation documents. */
  List<Integer> documentedStatuses() {
    return document.at(OPERATION + "/responses").propertyNames().stream()
        .map(Integer::parseInt)
        .toList();
  }

  /** The documented response for a status; a missing node when the status is not documented. */
  JsonNode response(int status) {
    return document.at(OPERATION + "/responses/" + status);
  }

  /** Violations of the response body schema documented for {@code status}. */
  List<Error> validateResponse(int status, JsonNode body) {
    if (response(status).isMissingNode()) {
      throw new AssertionError("status " + status + " is not documented");
    }
    return schema(OPERATION + "/responses/" + status + "/content/application~1json/schema")
        .validate(body);
  }

  /** The batch creation operation, whose answers {@link #validateBatchCreation} checks. */
  static final String BATCH_CREATION = "/paths/~1api~1batches/post";

  /** Violations of the batch creation's response schema documented for {@code status}. */
  List<Error> validateBatchCreation(int status, JsonNode body) {
    String at = BATCH_CREATION + "/responses/" + status;
    if (document.at(at).isMissingNode()) {
      throw new AssertionError("status " + status + " of batch creation is not documented");
    }
    return schema(at + "/content/application~1json/schema").validate(body);
  }

  /** Violations of the request body schema. */
  List<Error> validateRequest(JsonNode body) {
    return schema(OPERATION + "/requestBody/content/application~1json/schema").validate(body);
  }

  /** Violations of the Idempotency-Key header's schema. */
  List<Error> validateIdempotencyKey(String value) {
    return schema(OPERATION + "/parameters/0/schema")
        .validate(TestStack.JSON.getNodeFactory().stringNode(value));
  }

  /** A schema of the document by JSON pointer, with {@code $ref} resolved one level. */
  JsonNode resolve(JsonNode schema) {
    JsonNode reference = schema.get("$ref");
    return reference == null ? schema : document.at(reference.asString().substring(1));
  }

  private Schema schema(String pointer) {
    return schemas.computeIfAbsent(
        pointer, at -> registry.getSchema(SchemaLocation.of(BASE + "#" + at)));
  }
}

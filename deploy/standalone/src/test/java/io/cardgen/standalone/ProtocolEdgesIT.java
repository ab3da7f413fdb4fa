package io.cardgen.standalone;

import static io.cardgen.standalone.RequestBodies.aRequest;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The edges of HTTP on the public port, byte for byte over a socket: whatever layer refuses a
 * request — Tomcat's parser, the dispatcher, the controller — the answer is the API's envelope with
 * a documented code, and nothing was charged.
 */
class ProtocolEdgesIT {

  private static final Duration GENERATION = Duration.ofSeconds(90);

  private static TestStack stack;
  private static String plan;

  @BeforeAll
  static void start() throws Exception {
    stack = SharedStack.get();
    plan = Tenants.aFullPlan().create(stack);
  }

  @Test
  void unknownPathAnswersNotFound() throws Exception {
    assertEnvelope(RawExchange.get(stack.publicPort, "/api/text/nothing"), 404, "not_found");
  }

  @Test
  void wrongMethodAnswersMethodNotAllowedWithAllow() throws Exception {
    RawExchange.Answer answer = RawExchange.get(stack.publicPort, "/api/text/product");

    assertEnvelope(answer, 405, "method_not_allowed");
    assertThat(answer.header("Allow")).contains("POST");
  }

  @Test
  void traceIsRefused() throws Exception {
    RawExchange.Answer answer =
        send("TRACE /api/text/product HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");

    assertEnvelope(answer, 405, "method_not_allowed");
    assertThat(answer.header("Allow")).isNotBlank().doesNotContain("TRACE");
  }

  @Test
  void oversizedHeadersAnswerHeaderTooLarge() throws Exception {
    String big = "X-Filler: " + "a".repeat(20_000) + "\r\n";
    RawExchange.Answer answer =
        send(
            "GET /openapi.json HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                + big
                + "\r\n");

    assertEnvelope(answer, 431, "request_header_too_large");
  }

  @Test
  void overlongUriAnswersUriTooLong() throws Exception {
    String path = "/api/" + "a".repeat(20_000);
    RawExchange.Answer answer =
        send("GET " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");

    assertEnvelope(answer, 414, "uri_too_long");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "/api/batches?%ZZ",
        "/api/batches?limit=%ZZ",
        "/api/batches/bat_x/results?%ZZ",
        "/api/batches?metadata=%0A2026-11-28T14:00:00.000Z%20ERROR%20FORGED%0A%ZZ"
      })
  void anUnreadableQueryIsABadRequestWithoutAKey(String target) throws Exception {
    RawExchange.Answer answer =
        send("GET " + target + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");

    assertEnvelope(answer, 400, "bad_request");
  }

  @Test
  void anUnreadableQueryIsABadRequestOnTheManagementAndWorkerPortsToo() throws Exception {
    for (int port : new int[] {stack.adminPort, stack.workerPort()}) {
      assertEnvelope(
          RawExchange.get(port, "/actuator/health?x=%0AFORGED%0A%ZZ"), 400, "bad_request");
    }
  }

  @Test
  void whatTomcatRefusesByItselfIsTheEnvelopeOnEveryPortAndTraceIsRefused() throws Exception {
    for (int port : new int[] {stack.publicPort, stack.adminPort, stack.workerPort()}) {
      RawExchange.Answer malformed =
          RawExchange.send(
              port,
              "GET /actuator/health HTTP/9.9\r\nHost: localhost\r\nConnection: close\r\n\r\n"
                  .getBytes(StandardCharsets.ISO_8859_1));
      assertEnvelope(malformed, 505, "http_version_not_supported");
      assertThat(malformed.body()).as("port %d", port).doesNotContainIgnoringCase("tomcat");

      RawExchange.Answer trace =
          RawExchange.send(
              port,
              "TRACE / HTTP/1.1\r\nHost: localhost\r\nX-Echo: secret\r\nConnection: close\r\n\r\n"
                  .getBytes(StandardCharsets.ISO_8859_1));
      assertThat(trace.status()).as("port %d", port).isEqualTo(405);
      assertThat(trace.body()).as("port %d", port).doesNotContain("secret");
    }
  }

  @Test
  void unknownHttpVersionIsRefused() throws Exception {
    RawExchange.Answer answer =
        send("GET /openapi.json HTTP/9.9\r\nHost: localhost\r\nConnection: close\r\n\r\n");

    assertEnvelope(answer, 505, "http_version_not_supported");
  }

  @Test
  void missingHostIsABadRequest() throws Exception {
    assertEnvelope(
        send("GET /openapi.json HTTP/1.1\r\nConnection: close\r\n\r\n"), 400, "bad_request");
  }

  @Test
  void http09GetsTheEnvelopeAndNoDocument() throws Exception {
    // HTTP/0.9 answers are a bare body: no status line, no headers.
    byte[] answer;
    try (java.net.Socket socket = new java.net.Socket("localhost", stack.publicPort)) {
      socket.setSoTimeout(15_000);
      socket.getOutputStream().write(bytes("GET /openapi.json\r\n"));
      socket.getOutputStream().flush();
      answer = socket.getInputStream().readAllBytes();
    }

    JsonNode body = TestStack.JSON.readTree(answer);
    assertThat(body.get("success").asBoolean()).isFalse();
    assertThat(body.get("code").asString()).isEqualTo("bad_request");
    assertThat(new String(answer, StandardCharsets.UTF_8)).doesNotContain("openapi");
  }

  @Test
  void theAdminPortAnswersItsRefusalsInTheEnvelopeToo() throws Exception {
    RawExchange.Answer trace =
        RawExchange.send(
            stack.adminPort,
            bytes("TRACE /admin/audit HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"));
    RawExchange.Answer wrongMethod =
        RawExchange.send(
            stack.adminPort,
            bytes(
                "DELETE /admin/audit HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                    + "Authorization: Bearer "
                    + TestStack.ADMIN_TOKEN
                    + "\r\n\r\n"));
    RawExchange.Answer unknown = RawExchange.get(stack.adminPort, "/admin/nothing-here");

    assertEnvelope(trace, 405, "method_not_allowed");
    assertEnvelope(wrongMethod, 405, "method_not_allowed");
    assertThat(wrongMethod.header("Allow")).contains("GET");
    assertThat(unknown.status()).isIn(401, 404);
    assertEnvelopeBody(unknown, "not_found", "unauthorized");
  }

  @Test
  void unknownTransferCodingIsNotImplemented() throws Exception {
    RawExchange.Answer answer =
        send(
            "POST /api/text/product HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                + "Content-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\nabc");

    assertEnvelope(answer, 501, "not_implemented");
  }

  @ParameterizedTest
  @ValueSource(strings = {"/api%2Ftext/product", "/api/text%2fproduct", "/api/text/product;v=1"})
  void ambiguousPathsAreRefused(String path) throws Exception {
    RawExchange.Answer answer =
        send("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");

    assertThat(answer.status()).as(path).isEqualTo(400);
    assertEnvelopeBody(answer, "invalid_path", "bad_request");
  }

  @ParameterizedTest
  @ValueSource(strings = {"text/html", "application/xml", "image/png", "text/plain;q=1, */*;q=0"})
  void anyAcceptGetsJsonAndTheCardIsChargedOnce(String accept) throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);

    RawExchange.Answer answer =
        post(tenant, "Accept: " + accept + "\r\n", bytes(aRequest().json()));

    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    assertThat(answer.header("Content-Type")).startsWith("application/json");
    assertThat(TestStack.JSON.readTree(answer.body()).get("success").asBoolean()).isTrue();
    assertBalance(tenant, 0);
  }

  @Test
  void anErrorIsJsonWhateverAccept() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);

    RawExchange.Answer answer =
        post(tenant, "Accept: application/xml\r\n", bytes(aRequest().without("style").json()));

    assertEnvelope(answer, 422, "invalid_parameters");
    assertBalance(tenant, 1);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "text/plain",
        "application/json; charset=utf-16",
        "application/x-www-form-urlencoded",
        "application/json; version=2",
        "application/jsonx",
        "not a type"
      })
  void nonJsonBodiesAreUnsupported(String contentType) throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);

    RawExchange.Answer answer =
        send(
            head(tenant, "Content-Type: " + contentType + "\r\n", bytes(aRequest().json()), false),
            bytes(aRequest().json()));

    assertEnvelope(answer, 415, "unsupported_media_type");
    assertBalance(tenant, 1);
  }

  /** A compressed body is refused as such, not read as JSON that is malformed at line 1. */
  @ParameterizedTest
  @ValueSource(strings = {"gzip", "br", "gzip, identity", "deflate"})
  void aCompressedBodyIsUnsupported(String coding) throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);
    byte[] body = bytes(aRequest().json());

    RawExchange.Answer answer =
        send(
            head(
                tenant,
                "Content-Type: application/json\r\nContent-Encoding: " + coding + "\r\n",
                body,
                false),
            body);

    assertEnvelope(answer, 415, "unsupported_media_type");
    assertBalance(tenant, 1);
  }

  @Test
  void anIdentityCodingIsNoCoding() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);
    byte[] body = bytes(aRequest().json());

    RawExchange.Answer answer =
        send(
            head(
                tenant,
                "Content-Type: application/json\r\nContent-Encoding: Identity\r\n",
                body,
                false),
            body);

    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {"application/json", "application/json; charset=UTF-8", "Application/JSON"})
  void jsonWithUtf8OrNoCharsetIsAccepted(String contentType) throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);
    byte[] body = bytes(aRequest().json());

    RawExchange.Answer answer =
        send(head(tenant, "Content-Type: " + contentType + "\r\n", body, false), body);

    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
  }

  @Test
  void missingContentTypeIsUnsupported() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);
    byte[] body = bytes(aRequest().json());

    assertEnvelope(send(head(tenant, "", body, false), body), 415, "unsupported_media_type");
  }

  @Test
  void overlongUtf8IsRefusedAndNotCharged() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);
    // "\xC1\xB3tyle": an overlong encoding of "s", which a lenient decoder reads as "style".
    byte[] body =
        concat(
            bytes(
                "{\"image_url\":\""
                    + RequestBodies.PHOTO
                    + "\",\"short_description\":\"кружка\",\""),
            new byte[] {(byte) 0xC1, (byte) 0xB3},
            bytes("tyle\":\"standard\"}"));

    assertEnvelope(post(tenant, "", body), 422, "invalid_parameters");
    assertBalance(tenant, 1);
  }

  @ParameterizedTest
  @ValueSource(strings = {"ED A0 80", "C0 80", "E0 80 80", "F4 90 80 80", "FF", "E2 82"})
  void invalidUtf8IsRefused(String hex) throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);
    String json = aRequest().json();
    byte[] body =
        concat(
            bytes(json.substring(0, json.length() - 1) + ",\"note\":\""),
            HexFormat.ofDelimiter(" ").parseHex(hex),
            bytes("\"}"));

    assertEnvelope(post(tenant, "", body), 422, "invalid_parameters");
    assertBalance(tenant, 1);
  }

  @Test
  void brokenChunkedBodyIsABadRequest() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);
    byte[] request =
        bytes(
            "POST /api/text/product HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                + "Authorization: Bearer "
                + tenant.apiKey()
                + "\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "5\r\n{\"ima\r\nzz\r\nnot hex\r\n0\r\n\r\n");

    assertEnvelope(RawExchange.send(stack.publicPort, request), 400, "bad_request");
    assertBalance(tenant, 1);
  }

  @Test
  void contentLengthAndChunkedTogetherLetChunkedWinAndClose() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);
    byte[] body = bytes(aRequest().json());
    String chunked = Integer.toHexString(body.length) + "\r\n";
    byte[] request =
        concat(
            bytes(
                "POST /api/text/product HTTP/1.1\r\nHost: localhost\r\n"
                    + "Authorization: Bearer "
                    + tenant.apiKey()
                    + "\r\nContent-Type: application/json\r\nContent-Length: 5\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n"
                    + chunked),
            body,
            bytes("\r\n0\r\n\r\n"));

    // No Connection: close from the client: the server must close after answering on its own,
    // or this read would wait for the socket timeout.
    RawExchange.Answer answer = RawExchange.send(stack.publicPort, request, GENERATION);

    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
    assertThat(answer.header("Connection")).isEqualToIgnoringCase("close");
    assertBalance(tenant, 0);
  }

  @Test
  void tooManyUnknownFieldsAreRefused() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);
    StringBuilder extra = new StringBuilder();
    for (int i = 0; i < 21; i++) {
      extra.append(",\"x").append(i).append("\":1");
    }
    String json = aRequest().json();
    byte[] body = bytes(json.substring(0, json.length() - 1) + extra + "}");

    assertEnvelope(post(tenant, "", body), 422, "invalid_parameters");
    assertBalance(tenant, 1);
  }

  @Test
  void aHugeUnknownValueIsRefused() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);

    RawExchange.Answer answer =
        post(tenant, "", bytes(aRequest().with("comment", RequestBodies.string("x", 1001)).json()));

    assertEnvelope(answer, 422, "invalid_parameters");
    assertBalance(tenant, 1);
  }

  @Test
  void aFewSmallUnknownFieldsAreIgnored() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);

    RawExchange.Answer answer =
        post(tenant, "", bytes(aRequest().with("comment", RequestBodies.string("x", 900)).json()));

    assertThat(answer.status()).as(answer.toString()).isEqualTo(200);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "http://127.0.0.1/mug.jpg",
        "http://localhost:8080/mug.jpg",
        "http://[::1]/mug.jpg",
        "http://169.254.169.254/latest/meta-data",
        "http://10.1.2.3/mug.png",
        "http://[::ffff:192.168.0.1]/mug.png"
      })
  void aPhotoLinkIntoTheInternalNetworkChangesNothingAndTheKeyStaysFree(String link)
      throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, plan, 1);
    String key = "photo-" + UUID.randomUUID();

    TestStack.Response refused =
        stack.generate(
            tenant.apiKey(), key, aRequest().with("image_url", RequestBodies.string(link)).json());

    assertThat(refused.status()).as(refused.toString()).isEqualTo(422);
    assertThat(refused.json().get("code").asString()).isEqualTo("image_invalid");
    assertThat(refused.json().get("message").asString())
        .contains("адрес фотографии недоступен для загрузки");
    assertBalance(tenant, 1);
    assertThat(
            stack
                .jdbc()
                .sql("SELECT count(*) FROM jobs WHERE idempotency_key = :key")
                .param("key", key)
                .query(Long.class)
                .single())
        .isZero();

    TestStack.Response retried = stack.generate(tenant.apiKey(), key, aRequest().json());

    assertThat(retried.status()).as(retried.toString()).isEqualTo(200);
    assertBalance(tenant, 0);
  }

  private static RawExchange.Answer post(Tenants.Tenant tenant, String headers, byte[] body)
      throws Exception {
    return send(head(tenant, "Content-Type: application/json\r\n" + headers, body, true), body);
  }

  private static byte[] head(Tenants.Tenant tenant, String headers, byte[] body, boolean withKey) {
    return bytes(
        "POST /api/text/product HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
            + "Authorization: Bearer "
            + tenant.apiKey()
            + "\r\n"
            + (withKey ? "Idempotency-Key: edge-" + UUID.randomUUID() + "\r\n" : "")
            + headers
            + "Content-Length: "
            + body.length
            + "\r\n\r\n");
  }

  private static RawExchange.Answer send(byte[] head, byte[] body) throws Exception {
    return RawExchange.send(stack.publicPort, concat(head, body), GENERATION);
  }

  private static RawExchange.Answer send(String request) throws Exception {
    return RawExchange.send(stack.publicPort, request.getBytes(StandardCharsets.ISO_8859_1));
  }

  private static void assertEnvelope(RawExchange.Answer answer, int status, String code)
      throws Exception {
    assertThat(answer.status()).as(answer.toString()).isEqualTo(status);
    assertEnvelopeBody(answer, code);
  }

  private static void assertEnvelopeBody(RawExchange.Answer answer, String... codes)
      throws Exception {
    assertThat(answer.header("Content-Type")).as(answer.toString()).startsWith("application/json");
    JsonNode body = TestStack.JSON.readTree(answer.body());
    assertThat(body.get("success").asBoolean()).isFalse();
    assertThat(body.get("code").asString()).as(answer.toString()).isIn((Object[]) codes);
    assertThat(body.get("message").asString()).isNotBlank();
    assertThat(body.get("error").asString()).isEqualTo(body.get("message").asString());
  }

  private static void assertBalance(Tenants.Tenant tenant, long balance) throws Exception {
    JsonNode account = stack.account(tenant.id());
    assertThat(account.get("balance").asLong()).isEqualTo(balance);
    assertThat(account.get("reserved").asLong()).isZero();
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }
}

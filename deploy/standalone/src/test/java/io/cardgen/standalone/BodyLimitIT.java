package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * The request-size limit through the real HTTP stack, on a gateway whose limit is {@value
 * SharedStack#SMALL_BODY_LIMIT_BYTES} bytes: a body of exactly the limit is read, one byte more is
 * 413 {@code payload_too_large}, and an oversized body is refused without being read whole, whether
 * its length is declared or it arrives chunked.
 */
class BodyLimitIT {

  private static final int LIMIT = SharedStack.SMALL_BODY_LIMIT_BYTES;

  private static int port;
  private static PublicApi api;
  private static String apiKey;

  @BeforeAll
  static void start() throws Exception {
    TestStack stack = SharedStack.get();
    port = SharedStack.secondGateway().publicPort();
    api = new PublicApi(port);
    apiKey = Tenants.account(stack, Tenants.aFullPlan().create(stack), 0).apiKey();
  }

  /** A valid request padded with spaces to exactly {@code size} bytes. */
  private static String requestOfSize(int size) {
    String json = RequestBodies.aRequest().json();
    return json + " ".repeat(size - json.getBytes(StandardCharsets.UTF_8).length);
  }

  @Test
  void readsABodyOfExactlyTheLimit() throws Exception {
    TestStack.Response response = api.post(apiKey, requestOfSize(LIMIT));

    assertThat(response.status()).as(response.toString()).isEqualTo(403);
    assertThat(response.json().get("code").asString()).isEqualTo("insufficient_credits");
  }

  @Test
  void refusesOneByteOverTheLimit() throws Exception {
    TestStack.Response response = api.post(apiKey, requestOfSize(LIMIT + 1));

    assertThat(response.status()).isEqualTo(413);
    assertTooLarge(response.json());
  }

  @Test
  void refusesADeclaredLengthOverTheLimitWithoutWaitingForTheBody() throws Exception {
    long declared = 10L * 1024 * 1024 * 1024;

    RawHttp.Answer answer =
        RawHttp.post(port, apiKey, "Content-Length: " + declared + "\r\n", RawHttp.prefix(1024));

    assertThat(answer.status()).isEqualTo(413);
    assertTooLarge(answer.json());
  }

  @Test
  void refusesAChunkedBodyOverTheLimitAfterReadingOnlyTheLimit() throws Exception {
    long endless = 1024L * 1024 * 1024;

    RawHttp.Answer answer =
        RawHttp.post(port, apiKey, "Transfer-Encoding: chunked\r\n", RawHttp.chunked(endless));

    assertThat(answer.status()).isEqualTo(413);
    assertTooLarge(answer.json());
    assertThat(answer.bodyBytesSentBeforeAnswer()).isLessThan(endless / 8);
  }

  private static void assertTooLarge(JsonNode envelope) {
    assertThat(envelope.get("success").asBoolean()).isFalse();
    assertThat(envelope.get("code").asString()).isEqualTo("payload_too_large");
    assertThat(envelope.get("message").asString())
        .containsPattern("[А-Яа-я]{3}")
        .contains("64 КиБ");
    assertThat(envelope.get("error").asString()).isEqualTo(envelope.get("message").asString());
  }
}

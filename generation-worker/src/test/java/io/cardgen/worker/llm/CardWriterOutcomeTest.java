package io.cardgen.worker.llm;

import static io.cardgen.testsupport.OpenAiStub.completion;
import static io.cardgen.testsupport.OpenAiStub.error;
import static io.cardgen.worker.fixtures.CardSpecBuilder.aCardSpec;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.testsupport.OpenAiStub;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** How each provider answer, verified against a real HTTP stub, ends as an outcome. */
class CardWriterOutcomeTest {

  private static final List<PhotoInput> PHOTO =
      List.of(new PhotoInput(new byte[] {1, 2, 3}, "image/jpeg"));
  private static final CardSpec SPEC = aCardSpec().withLength(300).build();

  private final OpenAiStub stub = newStub();

  @AfterEach
  void stop() {
    stub.close();
  }

  @Test
  void returnsTheValidatedCardWithTokenCountsAndPromptVersion() {
    CardSpec spec =
        aCardSpec()
            .withShortDescription("Платье миди из хлопка")
            .withFeatures(2)
            .withAudience()
            .build();
    String card =
        """
        {"description": "%s", "features": ["Cotton", "Midi"], "audience": "Women"}"""
            .formatted("д".repeat(300));
    stub.always(completion(card, "stop"));

    LlmOutcome outcome = TestWriters.writer(stub).write(spec, PHOTO);

    assertThat(outcome)
        .isEqualTo(
            new LlmOutcome.Generated(
                new CardContent("д".repeat(300), List.of("Cotton", "Midi"), "Women", null, null),
                1234,
                321,
                "v2"));
  }

  /**
   * A model that no response format holds to bare JSON wraps it in a code block: read from inside
   * at the first call, counted as a first-answer violation fixed locally, not a repair round.
   */
  @Test
  void takesACardInACodeBlockAtTheFirstCallAndCountsTheFix() {
    stub.always(completion("```json\n" + OpenAiStub.validCardJson() + "\n```", "stop"));
    SimpleMeterRegistry registry = new SimpleMeterRegistry();

    LlmOutcome outcome =
        TestWriters.writer(TestWriters.properties(stub, 2, Duration.ofSeconds(10)), registry)
            .write(SPEC, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Generated.class);
    assertThat(((LlmOutcome.Generated) outcome).content().description()).isEqualTo("x".repeat(300));
    assertThat(stub.received()).as("no repair round").hasSize(1);
    assertThat(
            registry.get(LlmMetrics.LOCAL_FIXES).tag("fix", "unwrap_code_fence").counter().count())
        .isEqualTo(1);
    assertThat(
            registry.get(LlmMetrics.FIRST_VIOLATIONS).tag("rule", "code_fence").counter().count())
        .isEqualTo(1);
  }

  @Test
  void mapsARefusalToGenerationRefused() {
    stub.always(OpenAiStub.refusal("I can't help with that."));

    assertFailed(ErrorCode.GENERATION_REFUSED, "I can't help with that.");
    assertThat(stub.received()).as("no repair round").hasSize(1);
  }

  @Test
  void mapsAContentFilterFinishToGenerationRefused() {
    stub.always(completion("{\"description\": \"", "content_filter"));

    assertFailed(ErrorCode.GENERATION_REFUSED, "filtered");
    assertThat(stub.received()).as("no repair round").hasSize(1);
  }

  @Test
  void mapsALengthFinishToGenerationIncomplete() {
    stub.always(completion("{\"description\": \"xxxx", "length"));

    assertFailed(ErrorCode.GENERATION_INCOMPLETE, "token limit");
    assertThat(stub.received()).as("no repair round").hasSize(1);
  }

  @Test
  void mapsEmptyContentToGenerationEmpty() {
    stub.always(completion("", "stop"));
    assertFailed(ErrorCode.GENERATION_EMPTY, "no content");
    assertThat(stub.received()).as("no repair round").hasSize(1);
  }

  @Test
  void mapsMissingContentToGenerationEmpty() {
    stub.always(completion(null, "stop"));
    assertFailed(ErrorCode.GENERATION_EMPTY, "no content");
    assertThat(stub.received()).as("no repair round").hasSize(1);
  }

  @Test
  void mapsMalformedJsonToInvalidResponseOnceTheRepairIsMalformedToo() {
    stub.always(completion("{\"description\": \"unterminated", "stop"));
    assertFailed(ErrorCode.GENERATION_INVALID_RESPONSE, "not the JSON object");
    assertThat(stub.received()).hasSize(2);
  }

  @Test
  void mapsARuleViolationToInvalidResponseOnceTheRepairBreaksItToo() {
    stub.always(completion("{\"description\": \"much too short\"}", "stop"));
    assertFailed(
        ErrorCode.GENERATION_INVALID_RESPONSE, "description has 14 characters; 240 to 345");
    assertThat(stub.received()).hasSize(2);
  }

  @Test
  void retriesARateLimitAndThenSucceeds() {
    stub.answering(
        n ->
            n == 0
                ? error(429, "Rate limit reached")
                : completion(OpenAiStub.validCardJson(), "stop"));

    assertThat(TestWriters.writer(stub, 2).write(SPEC, PHOTO))
        .isInstanceOf(LlmOutcome.Generated.class);
    assertThat(stub.received()).hasSize(2);
  }

  @Test
  void retriesServerErrorsUpToMaxRetriesThenFails() {
    stub.always(error(500, "boom"));

    LlmOutcome outcome = TestWriters.writer(stub, 2).write(SPEC, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Failed.class);
    LlmOutcome.Failed failed = (LlmOutcome.Failed) outcome;
    assertThat(failed.code()).isEqualTo(ErrorCode.GENERATION_FAILED);
    assertThat(failed.detail()).contains("3 attempts failed", "InternalServerException", "500");
    assertThat(stub.received()).hasSize(3);
  }

  @Test
  void doesNotRetryA429ThatSaysTheQuotaIsExhausted() {
    stub.always(
        new OpenAiStub.Reply(
            429,
            """
            {"error": {"message": "You exceeded your current quota, please check your plan and \
            billing details.", "type": "insufficient_quota", "param": null, \
            "code": "insufficient_quota"}}"""));

    assertFailed(ErrorCode.GENERATION_FAILED, "RateLimitException (HTTP 429)");
    assertThat(stub.received()).hasSize(1);
  }

  @Test
  void doesNotRetryARejectedRequest() {
    stub.always(error(400, "Invalid schema for response_format"));

    assertFailed(ErrorCode.GENERATION_FAILED, "InvalidRequestException (HTTP 400)");
    assertThat(stub.received()).hasSize(1);
  }

  @Test
  void doesNotRetryOrEchoAFailedAuthentication() {
    stub.always(error(401, "Incorrect API key provided: sk-te**st"));

    LlmOutcome.Failed failed = assertFailed(ErrorCode.GENERATION_FAILED, "HTTP 401");
    assertThat(failed.detail()).doesNotContain("sk-");
    assertThat(stub.received()).hasSize(1);
  }

  @Test
  void retriesATimedOutAttemptThenFails() {
    stub.hanging();
    LlmProperties properties = TestWriters.properties(stub, 1, Duration.ofMillis(200));

    LlmOutcome outcome =
        TestWriters.writer(properties, new SimpleMeterRegistry()).write(SPEC, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Failed.class);
    assertThat(((LlmOutcome.Failed) outcome).code()).isEqualTo(ErrorCode.GENERATION_FAILED);
    assertThat(((LlmOutcome.Failed) outcome).detail())
        .contains("2 attempts failed", "TimeoutException");
    assertThat(stub.received()).hasSize(2);
  }

  @Test
  void retriesWhenTheProviderCannotBeReached() throws IOException {
    int closedPort;
    try (ServerSocket socket = new ServerSocket()) {
      socket.bind(new InetSocketAddress("127.0.0.1", 0));
      closedPort = socket.getLocalPort();
    }
    LlmProperties reachable = TestWriters.properties(stub, 1, Duration.ofSeconds(5));
    LlmProperties unreachable =
        new LlmProperties(
            "http://127.0.0.1:" + closedPort + "/v1",
            reachable.apiKey(),
            reachable.model(),
            reachable.timeout(),
            reachable.attemptTimeout(),
            reachable.maxRetries(),
            reachable.retryBackoff(),
            reachable.promptVersion(),
            reachable.imageDetail(),
            reachable.responseFormat());

    LlmOutcome outcome =
        TestWriters.writer(unreachable, new SimpleMeterRegistry()).write(SPEC, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Failed.class);
    assertThat(((LlmOutcome.Failed) outcome).code()).isEqualTo(ErrorCode.GENERATION_FAILED);
    assertThat(((LlmOutcome.Failed) outcome).detail()).contains("2 attempts failed");
  }

  private LlmOutcome.Failed assertFailed(ErrorCode code, String detailPart) {
    LlmOutcome outcome = TestWriters.writer(stub).write(SPEC, PHOTO);
    assertThat(outcome).isInstanceOf(LlmOutcome.Failed.class);
    LlmOutcome.Failed failed = (LlmOutcome.Failed) outcome;
    assertThat(failed.code()).isEqualTo(code);
    assertThat(failed.detail()).contains(detailPart);
    return failed;
  }

  private static OpenAiStub newStub() {
    try {
      return new OpenAiStub();
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}

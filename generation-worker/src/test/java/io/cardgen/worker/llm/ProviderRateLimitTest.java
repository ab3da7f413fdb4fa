package io.cardgen.worker.llm;

import static io.cardgen.testsupport.OpenAiStub.error;
import static io.cardgen.worker.fixtures.CardSpecBuilder.aCardSpec;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.testsupport.OpenAiStub;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** 429s from a real HTTP stub: the worker waits as long as the provider asks, then succeeds. */
class ProviderRateLimitTest {

  private static final List<PhotoInput> PHOTO =
      List.of(new PhotoInput(new byte[] {1, 2, 3}, "image/jpeg"));
  private static final CardSpec SPEC = aCardSpec().withLength(300).build();

  private final OpenAiStub stub = newStub();
  private final Map<Integer, Long> arrivals = new ConcurrentHashMap<>();

  @AfterEach
  void stop() {
    stub.close();
  }

  @Test
  void waitsTheRetryAfterBeforeTheNextAttempt() {
    stub.answering(
        n -> {
          arrivals.put(n, System.nanoTime());
          return n == 0 ? rateLimited().withHeader("Retry-After", "1") : null;
        });

    // A 500 ms backoff would retry sooner: the second call waits for the provider's second.
    LlmOutcome outcome = TestWriters.writer(stub, 1).write(SPEC, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Generated.class);
    assertThat(stub.received()).hasSize(2);
    assertThat(Duration.ofNanos(arrivals.get(1) - arrivals.get(0)))
        .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void prefersTheExactMillisecondsOpenAiSends() {
    stub.answering(
        n -> {
          arrivals.put(n, System.nanoTime());
          return n == 0
              ? rateLimited().withHeader("Retry-After", "5").withHeader("retry-after-ms", "300")
              : null;
        });

    LlmOutcome outcome = TestWriters.writer(stub, 1).write(SPEC, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Generated.class);
    Duration waited = Duration.ofNanos(arrivals.get(1) - arrivals.get(0));
    assertThat(waited).isBetween(Duration.ofMillis(300), Duration.ofSeconds(4));
  }

  @Test
  void aPaced429StillCountsAgainstMaxRetries() {
    stub.always(rateLimited().withHeader("retry-after-ms", "50"));

    LlmOutcome outcome = TestWriters.writer(stub, 1).write(SPEC, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Failed.class);
    assertThat(((LlmOutcome.Failed) outcome).code()).isEqualTo(ErrorCode.GENERATION_FAILED);
    assertThat(stub.received()).hasSize(2);
  }

  /**
   * A 503 (or another retried answer) that says when to come back is retried after that time, not
   * on the short backoff, which here is a millisecond.
   */
  @Test
  void waitsTheRetryAfterOfAnUnavailableProviderBeforeTheNextAttempt() {
    stub.answering(
        n -> {
          arrivals.put(n, System.nanoTime());
          return n == 0
              ? error(503, "The server is overloaded").withHeader("Retry-After", "1")
              : null;
        });

    LlmOutcome outcome = TestWriters.writer(stub, 1).write(SPEC, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Generated.class);
    assertThat(stub.received()).hasSize(2);
    assertThat(Duration.ofNanos(arrivals.get(1) - arrivals.get(0)))
        .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
  }

  @Test
  void waitsTheExactMillisecondsOfABadGatewayToo() {
    stub.answering(
        n -> {
          arrivals.put(n, System.nanoTime());
          return n == 0 ? error(502, "Bad gateway").withHeader("retry-after-ms", "400") : null;
        });

    LlmOutcome outcome = TestWriters.writer(stub, 1).write(SPEC, PHOTO);

    assertThat(outcome).isInstanceOf(LlmOutcome.Generated.class);
    assertThat(Duration.ofNanos(arrivals.get(1) - arrivals.get(0)))
        .isBetween(Duration.ofMillis(400), Duration.ofSeconds(4));
  }

  private static OpenAiStub.Reply rateLimited() {
    return error(429, "Rate limit reached for requests");
  }

  private static OpenAiStub newStub() {
    try {
      return new OpenAiStub();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

package io.cardgen.worker.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.InternalServerException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import io.cardgen.common.error.ErrorCode;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.Instant;
import java.time.InstantSource;
import java.util.Optional;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The time budget, with a clock the test moves instead of waiting. */
class ProviderCallTest {

  private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
  private static final ChatRequest REQUEST =
      ChatRequest.builder().messages(UserMessage.from("hi")).build();

  private final AtomicInteger calls = new AtomicInteger();
  private final ChatModel alwaysRateLimited =
      new ChatModel() {
        @Override
        public ChatResponse doChat(ChatRequest request) {
          calls.incrementAndGet();
          throw new RateLimitException("429");
        }
      };

  @Test
  void stopsRetryingWhenAnotherAttemptWouldOverrunTheBudget() {
    // Budget 90 s, attempts up to 60 s: after a failure at 31 s no full attempt fits any more.
    Instant[] readings = {START, START.plusSeconds(31)};
    AtomicInteger reading = new AtomicInteger();
    InstantSource clock = () -> readings[Math.min(reading.getAndIncrement(), 1)];

    ProviderCall call = new ProviderCall(alwaysRateLimited, budget(5), clock);
    Step<ChatResponse> result = call.call(REQUEST, call.deadline());

    LlmOutcome.Failed failed = result.fold(ok -> null, stop -> stop);
    assertThat(failed.code()).isEqualTo(ErrorCode.GENERATION_FAILED);
    assertThat(failed.detail()).startsWith("time budget spent");
    assertThat(calls).hasValue(1);
  }

  @Test
  void anErrorFromTheModelGivesItsSlotBack() throws InterruptedException {
    InstantSource frozen = InstantSource.fixed(START);
    ProviderGate gate = ProviderGate.unshared(1, frozen);
    ChatModel overflowing =
        new ChatModel() {
          @Override
          public ChatResponse doChat(ChatRequest request) {
            throw new StackOverflowError();
          }
        };
    ProviderCall call =
        new ProviderCall(
            overflowing,
            gate,
            budget(2),
            frozen,
            new LlmRequestTimer(new SimpleMeterRegistry(), Duration.ofSeconds(60)));

    assertThatThrownBy(() -> call.call(REQUEST, call.deadline()))
        .isInstanceOf(StackOverflowError.class);

    assertThat(gate.enter(START)).as("the one slot is free again").isPresent();
  }

  @Test
  void retriesWhileTheBudgetAllows() {
    InstantSource frozen = InstantSource.fixed(START);

    ProviderCall call = new ProviderCall(alwaysRateLimited, budget(3), frozen);
    Step<ChatResponse> result = call.call(REQUEST, call.deadline());

    assertThat(result.fold(ok -> null, stop -> stop).detail()).startsWith("4 attempts failed");
    assertThat(calls).hasValue(4);
  }

  @Test
  void timesEveryCallWithItsOutcome() {
    MeterRegistry registry = new SimpleMeterRegistry();
    InstantSource frozen = InstantSource.fixed(START);
    ProviderCall limited =
        new ProviderCall(
            alwaysRateLimited,
            ProviderGate.unshared(Integer.MAX_VALUE, frozen),
            budget(2),
            frozen,
            new LlmRequestTimer(registry, Duration.ofSeconds(60)));
    ChatModel answering =
        new ChatModel() {
          @Override
          public ChatResponse doChat(ChatRequest request) {
            return ChatResponse.builder()
                .aiMessage(dev.langchain4j.data.message.AiMessage.from("{}"))
                .build();
          }
        };
    ProviderCall fine =
        new ProviderCall(
            answering,
            ProviderGate.unshared(Integer.MAX_VALUE, frozen),
            budget(2),
            frozen,
            new LlmRequestTimer(registry, Duration.ofSeconds(60)));

    limited.call(REQUEST, limited.deadline());
    fine.call(REQUEST, fine.deadline());

    assertThat(count(registry, "rate_limited")).isEqualTo(3);
    assertThat(count(registry, "success")).isEqualTo(1);
    assertThat(count(registry, "error")).isZero();
  }

  @Test
  void anInterruptedCallIsNotAFailedCard() {
    ChatModel interruptedWhileWaiting =
        new ChatModel() {
          @Override
          public ChatResponse doChat(ChatRequest request) {
            calls.incrementAndGet();
            Thread.currentThread().interrupt();
            throw new RuntimeException(new InterruptedException("worker stopping"));
          }
        };
    ProviderCall call =
        new ProviderCall(interruptedWhileWaiting, budget(3), InstantSource.fixed(START));

    try {
      assertThatThrownBy(() -> call.call(REQUEST, call.deadline()))
          .isInstanceOf(ProviderCall.CallInterrupted.class);
      assertThat(Thread.currentThread().isInterrupted()).isTrue();
    } finally {
      Thread.interrupted();
    }
    assertThat(calls).hasValue(1);
  }

  @Test
  void anInterruptAfterAFailedAttemptStopsTheRetries() {
    ChatModel failingOnce =
        new ChatModel() {
          @Override
          public ChatResponse doChat(ChatRequest request) {
            calls.incrementAndGet();
            Thread.currentThread().interrupt();
            throw new dev.langchain4j.exception.InternalServerException("502");
          }
        };
    ProviderCall call = new ProviderCall(failingOnce, budget(3), InstantSource.fixed(START));

    try {
      assertThatThrownBy(() -> call.call(REQUEST, call.deadline()))
          .isInstanceOf(ProviderCall.CallInterrupted.class);
    } finally {
      Thread.interrupted();
    }
    assertThat(calls).hasValue(1);
  }

  private static long count(MeterRegistry registry, String outcome) {
    return registry.get(LlmRequestTimer.NAME).tag("outcome", outcome).timer().count();
  }

  @Test
  void aRetryAfterOfAnUnavailableProviderThatWouldPassTheDeadlineFailsTheCallAtOnce() {
    InstantSource frozen = InstantSource.fixed(START);
    // Budget 90 s, attempts up to 60 s: an attempt after a 60-s wait would end past the deadline.
    ProviderCall call = new ProviderCall(unavailableFor(Duration.ofSeconds(60)), budget(3), frozen);

    Step<ChatResponse> result = call.call(REQUEST, call.deadline());

    LlmOutcome.Failed failed = result.fold(ok -> null, stop -> stop);
    assertThat(failed.code()).isEqualTo(ErrorCode.GENERATION_FAILED);
    assertThat(failed.detail()).startsWith("time budget spent");
    assertThat(calls).hasValue(1);
  }

  /**
   * A 503's Retry-After holds the call it answered, not the worker: another call goes through the
   * gate at once while the first waits (a 429's would hold both).
   */
  @Test
  void aRetryAfterOfAnUnavailableProviderHoldsOnlyItsOwnCall() throws Exception {
    InstantSource frozen = InstantSource.fixed(START);
    ProviderGate gate = ProviderGate.unshared(Integer.MAX_VALUE, frozen);
    ProviderCall call =
        new ProviderCall(
            unavailableFor(Duration.ofSeconds(1)),
            gate,
            budget(1),
            frozen,
            LlmRequestTimer.unregistered());
    FutureTask<Step<ChatResponse>> waiting =
        new FutureTask<>(() -> call.call(REQUEST, call.deadline()));
    Thread first = new Thread(waiting);
    first.start();
    await("the first call waiting for its retry")
        .atMost(Duration.ofSeconds(5))
        .until(() -> calls.get() == 1 && first.getState() == Thread.State.TIMED_WAITING);

    Optional<ProviderGate.Pass> another = gate.enter(START);

    assertThat(another).as("a call that may not wait at all").isPresent();
    another.get().ended();
    assertThat(waiting.get(10, TimeUnit.SECONDS).fold(ok -> null, stop -> stop).detail())
        .startsWith("2 attempts failed");
    assertThat(calls).hasValue(2);
  }

  /**
   * A model whose provider answers 503 with {@code Retry-After}, as ProviderHttpClient reports it.
   */
  private ChatModel unavailableFor(Duration retryAfter) {
    return new ChatModel() {
      @Override
      public ChatResponse doChat(ChatRequest request) {
        calls.incrementAndGet();
        throw new InternalServerException(
            new ProviderHttpException(
                503,
                "The server is overloaded",
                new RateLimitHeaders(Optional.of(retryAfter), Optional.empty())));
      }
    };
  }

  private static LlmProperties budget(int maxRetries) {
    return new LlmProperties(
        "http://127.0.0.1:1/v1",
        "sk-test",
        "gpt-test",
        Duration.ofSeconds(90),
        Duration.ofSeconds(60),
        maxRetries,
        Duration.ofMillis(1),
        "v1",
        dev.langchain4j.data.message.ImageContent.DetailLevel.LOW,
        AnswerFormat.JSON_SCHEMA);
  }
}

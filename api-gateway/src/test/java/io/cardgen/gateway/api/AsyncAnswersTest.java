package io.cardgen.gateway.api;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.StaticListableBeanFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.json.JacksonJsonHttpMessageConverter;
import org.springframework.mock.web.MockAsyncContext;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;

class AsyncAnswersTest {

  private static final ResponseEntity<Envelope> UNAVAILABLE =
      ResponseEntity.status(HttpStatus.SERVICE_UNAVAILABLE)
          .header("Retry-After", "5")
          .header("Idempotency-Key", "key-1")
          .body(Envelope.failure("generation_unavailable", "Попробуйте ещё раз"));

  private final MockHttpServletRequest request = new MockHttpServletRequest("POST", "/x");
  private final MockHttpServletResponse response = new MockHttpServletResponse();
  private final CompletableFuture<ResponseEntity<Envelope>> answer = new CompletableFuture<>();
  private AsyncAnswers answers;

  @BeforeEach
  void setUp() {
    request.setAsyncSupported(true);
    RequestMappingHandlerAdapter mvc = new RequestMappingHandlerAdapter();
    mvc.setMessageConverters(List.of(new JacksonJsonHttpMessageConverter()));
    answers =
        new AsyncAnswers(
            new StaticListableBeanFactory(Map.of("mvc", mvc))
                .getBeanProvider(RequestMappingHandlerAdapter.class));
  }

  @Test
  void releasesTheRequestUntilTheAnswerIsKnownThenWritesItAsJson() throws Exception {
    answers.answerLater(request, response, answer, Duration.ofMinutes(3), () -> UNAVAILABLE);

    assertThat(request.isAsyncStarted()).isTrue();
    assertThat(request.getAsyncContext().getTimeout()).isEqualTo(180_000);
    assertThat(response.isCommitted()).isFalse();

    answer.complete(
        ResponseEntity.status(HttpStatus.CONFLICT)
            .header("Idempotency-Key", "key-1")
            .body(Envelope.failure("idempotency_conflict", "Ключ уже использован")));

    assertThat(request.isAsyncStarted()).as("completed").isFalse();
    assertThat(response.getStatus()).isEqualTo(409);
    assertThat(response.getHeader("Idempotency-Key")).isEqualTo("key-1");
    assertThat(response.getContentType()).startsWith("application/json");
    assertThat(response.getContentAsString(UTF_8))
        .isEqualTo(
            "{\"success\":false,\"error\":\"Ключ уже использован\",\"code\":\"idempotency_conflict\","
                + "\"message\":\"Ключ уже использован\"}");
  }

  @Test
  void aFailedAnswerBecomesTheRetryableUnavailable() throws Exception {
    answers.answerLater(request, response, answer, Duration.ofMinutes(3), () -> UNAVAILABLE);

    answer.completeExceptionally(new IllegalStateException("database gone"));

    assertThat(request.isAsyncStarted()).isFalse();
    assertThat(response.getStatus()).isEqualTo(503);
    assertThat(response.getHeader("Retry-After")).isEqualTo("5");
    assertThat(response.getHeader("Idempotency-Key")).isEqualTo("key-1");
    assertThat(response.getContentAsString(UTF_8)).contains("\"code\":\"generation_unavailable\"");
  }

  @Test
  void theContainersBackstopAnswersOnceAndALateAnswerIsDropped() throws Exception {
    answers.answerLater(request, response, answer, Duration.ofMinutes(3), () -> UNAVAILABLE);
    MockAsyncContext context = (MockAsyncContext) request.getAsyncContext();

    for (AsyncListener listener : List.copyOf(context.getListeners())) {
      listener.onTimeout(new AsyncEvent(context, request, response));
    }
    String written = response.getContentAsString(UTF_8);
    answer.complete(ResponseEntity.ok(Envelope.failure("late", "late")));

    assertThat(response.getStatus()).isEqualTo(503);
    assertThat(written).contains("generation_unavailable");
    assertThat(response.getContentAsString(UTF_8))
        .as("nothing written after the backstop")
        .isEqualTo(written);
  }

  @Test
  void aClientGoneBeforeTheAnswerGetsNothingWritten() throws IOException {
    answers.answerLater(request, response, answer, Duration.ofMinutes(3), () -> UNAVAILABLE);
    MockAsyncContext context = (MockAsyncContext) request.getAsyncContext();

    for (AsyncListener listener : List.copyOf(context.getListeners())) {
      listener.onError(new AsyncEvent(context, request, response, new IOException("reset")));
    }
    answer.complete(ResponseEntity.ok(Envelope.failure("late", "late")));

    assertThat(request.isAsyncStarted()).isFalse();
    assertThat(response.getContentAsByteArray()).isEmpty();
  }
}

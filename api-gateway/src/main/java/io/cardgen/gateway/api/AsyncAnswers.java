package io.cardgen.gateway.api;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.http.server.ServletServerHttpResponse;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.RequestMappingHandlerAdapter;

/**
 * Answers a request whose job is running, from the thread that learns the outcome, without holding
 * a thread meanwhile.
 *
 * <p>Why not return the future to Spring MVC: it completes an async request by dispatching it
 * through the container a second time (every filter, the DispatcherServlet, the handler lookup)
 * only to write a small JSON body. A profile at 1 000 concurrent put 13.7 % of the JVM's CPU in
 * that second dispatch (docs/performance.md). Here the servlet's async context is started by hand,
 * the answer is written with the converter Spring MVC itself would pick for JSON, and the context
 * is completed. Filters still see the request end: the metrics filter's async listener fires on
 * {@code complete()}.
 */
@Component
class AsyncAnswers {

  private static final Logger log = LoggerFactory.getLogger(AsyncAnswers.class);

  private final ObjectProvider<RequestMappingHandlerAdapter> mvc;
  private volatile HttpMessageConverter<Object> json;

  AsyncAnswers(ObjectProvider<RequestMappingHandlerAdapter> mvc) {
    this.mvc = mvc;
  }

  /**
   * Releases the request thread; the answer is written when {@code answer} completes. Should it
   * fail, or not complete within {@code backstop}, the request is answered {@code unavailable}
   * (503: retry with the same key; the job row decides what really happened) instead of being held
   * open forever.
   */
  void answerLater(
      HttpServletRequest request,
      HttpServletResponse response,
      CompletableFuture<ResponseEntity<Envelope>> answer,
      Duration backstop,
      Supplier<ResponseEntity<Envelope>> unavailable) {
    AsyncContext context = request.startAsync(request, response);
    context.setTimeout(backstop.toMillis());
    AtomicBoolean answered = new AtomicBoolean();
    context.addListener(new Ending(answered, unavailable));
    answer.whenComplete(
        (entity, failure) -> {
          if (!answered.compareAndSet(false, true)) {
            return;
          }
          if (failure != null) {
            log.error("Unexpected failure while answering", failure);
            write(context, unavailable.get());
          } else {
            write(context, entity);
          }
        });
  }

  private void write(AsyncContext context, ResponseEntity<Envelope> answer) {
    try {
      HttpServletResponse response = (HttpServletResponse) context.getResponse();
      ServletServerHttpResponse out = new ServletServerHttpResponse(response);
      out.setStatusCode(answer.getStatusCode());
      out.getHeaders().putAll(answer.getHeaders());
      json().write(answer.getBody(), MediaType.APPLICATION_JSON, out);
    } catch (IOException gone) {
      // The client went away before its answer: the job row keeps the outcome for a retry.
      log.debug("Could not write an answer: {}", gone.toString());
    } catch (RuntimeException failure) {
      // Not the client's doing: a fault of ours must show, not pass as a gone connection.
      log.error("Could not write an answer", failure);
    } finally {
      context.complete();
    }
  }

  /** The JSON converter Spring MVC uses for the public API, so both paths write the same bytes. */
  private HttpMessageConverter<Object> json() {
    HttpMessageConverter<Object> found = json;
    if (found == null) {
      found = jsonConverter(mvc.getObject());
      json = found;
    }
    return found;
  }

  @SuppressWarnings("unchecked")
  private static HttpMessageConverter<Object> jsonConverter(RequestMappingHandlerAdapter adapter) {
    return adapter.getMessageConverters().stream()
        .filter(converter -> converter.canWrite(Envelope.class, MediaType.APPLICATION_JSON))
        .map(converter -> (HttpMessageConverter<Object>) converter)
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("No JSON converter in Spring MVC"));
  }

  /** The container's side of the race: the backstop timeout, or the connection failing. */
  private final class Ending implements AsyncListener {

    private final AtomicBoolean answered;
    private final Supplier<ResponseEntity<Envelope>> unavailable;

    Ending(AtomicBoolean answered, Supplier<ResponseEntity<Envelope>> unavailable) {
      this.answered = answered;
      this.unavailable = unavailable;
    }

    @Override
    public void onTimeout(AsyncEvent event) {
      if (answered.compareAndSet(false, true)) {
        log.warn("A request outlived its reply wait; answering 503");
        write(event.getAsyncContext(), unavailable.get());
      }
    }

    @Override
    public void onError(AsyncEvent event) {
      if (answered.compareAndSet(false, true)) {
        event.getAsyncContext().complete();
      }
    }

    @Override
    public void onComplete(AsyncEvent event) {
      answered.set(true);
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
      // Started once, by answerLater.
    }
  }
}

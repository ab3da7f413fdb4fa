package io.cardgen.gateway.batch;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import jakarta.servlet.ServletRequestEvent;
import jakarta.servlet.http.HttpServletRequest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.core.task.AsyncTaskExecutor;
import org.springframework.core.task.TaskRejectedException;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.AsyncSupportConfigurer;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * A results stream's slot comes back however its request ends, in a real Tomcat with Spring MVC's
 * asynchronous handling: when the body ran, when Spring cancelled it before it started (the request
 * timed out waiting for a thread), and when the executor refused it.
 */
@SpringBootTest(
    classes = ResultStreamReleaseIT.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "spring.mvc.async.request-timeout=300ms")
class ResultStreamReleaseIT {

  private static final UUID ACCOUNT = UUID.randomUUID();
  private static final Duration RELEASED_WITHIN = Duration.ofSeconds(10);

  /** What the executor of the asynchronous bodies does with the next one. */
  enum Mode {
    RUN,
    HOLD,
    REFUSE
  }

  @LocalServerPort private int port;
  @Autowired private ResultStreams streams;
  @Autowired private BodyExecutor executor;
  @Autowired private CountedRelease release;

  private final HttpClient http = HttpClient.newHttpClient();

  @BeforeEach
  void reset() {
    executor.mode = Mode.RUN;
    executor.ran.set(false);
    release.ended = new CountDownLatch(1);
  }

  @Test
  void aStreamThatRanGivesItsSlotBackOnce() throws Exception {
    HttpResponse<String> answer = get();

    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(answer.body()).isEqualTo("{\"seq\":1}\n");
    assertThat(executor.ran).isTrue();
    // The body gave the slot back; the listener, which runs later, must not give it back again.
    assertThat(release.ended.await(RELEASED_WITHIN.toSeconds(), TimeUnit.SECONDS)).isTrue();
    assertThat(streams.open()).isZero();
  }

  @Test
  void aStreamCancelledBeforeItStartedGivesItsSlotBack() throws Exception {
    executor.mode = Mode.HOLD;

    HttpResponse<String> answer = get();

    assertThat(answer.statusCode()).isEqualTo(503);
    assertThat(executor.ran).isFalse();
    await().atMost(RELEASED_WITHIN).until(() -> streams.open() == 0);
  }

  @Test
  void aStreamTheExecutorRefusedGivesItsSlotBack() throws Exception {
    executor.mode = Mode.REFUSE;

    HttpResponse<String> answer = get();

    assertThat(answer.statusCode()).isGreaterThanOrEqualTo(500);
    assertThat(executor.ran).isFalse();
    await().atMost(RELEASED_WITHIN).until(() -> streams.open() == 0);
  }

  @Test
  void anAccountKeepsItsStreamsAfterManyCancelledOnes() throws Exception {
    executor.mode = Mode.HOLD;
    for (int request = 0; request < 3; request++) {
      assertThat(get().statusCode()).isEqualTo(503);
      await().atMost(RELEASED_WITHIN).until(() -> streams.open() == 0);
    }

    executor.mode = Mode.RUN;

    assertThat(get().statusCode()).isEqualTo(200);
  }

  private HttpResponse<String> get() throws Exception {
    HttpRequest request =
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/stream"))
            .timeout(Duration.ofSeconds(30))
            .build();
    return http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  /** Takes a slot as the results endpoint does; 429 when the account has none left. */
  @RestController
  static class StreamEndpoint {

    private final ResultStreams streams;

    StreamEndpoint(ResultStreams streams) {
      this.streams = streams;
    }

    @GetMapping("/stream")
    ResponseEntity<StreamingResponseBody> stream(HttpServletRequest request) {
      if (!(streams.open(ACCOUNT) instanceof ResultStreams.Opened opened)) {
        return ResponseEntity.status(429).build();
      }
      ResultStreamRelease.onEnd(request, opened.slot());
      StreamingResponseBody body =
          out -> {
            try (ResultStreams.Slot slot = opened.slot()) {
              out.write("{\"seq\":1}\n".getBytes(StandardCharsets.UTF_8));
            }
          };
      return ResponseEntity.ok().body(body);
    }
  }

  /** The release, telling the test when it has run for a request. */
  static class CountedRelease extends ResultStreamRelease {

    private volatile CountDownLatch ended = new CountDownLatch(1);

    @Override
    public void requestDestroyed(ServletRequestEvent event) {
      super.requestDestroyed(event);
      ended.countDown();
    }
  }

  /** Runs, holds forever or refuses the bodies, as the test says. */
  static class BodyExecutor implements AsyncTaskExecutor {

    private volatile Mode mode = Mode.RUN;
    private final AtomicBoolean ran = new AtomicBoolean();

    @Override
    public void execute(Runnable task) {
      submit(task);
    }

    @Override
    public Future<?> submit(Runnable task) {
      return submit(
          () -> {
            task.run();
            return null;
          });
    }

    @Override
    public <T> Future<T> submit(Callable<T> task) {
      return switch (mode) {
        case REFUSE -> throw new TaskRejectedException("refused by the test");
        case HOLD -> new CompletableFuture<>();
        case RUN ->
            CompletableFuture.supplyAsync(
                () -> {
                  ran.set(true);
                  try {
                    return task.call();
                  } catch (Exception failure) {
                    throw new IllegalStateException(failure);
                  }
                });
      };
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ImportAutoConfiguration({
    TomcatServletWebServerAutoConfiguration.class,
    DispatcherServletAutoConfiguration.class,
    WebMvcAutoConfiguration.class
  })
  @Import({StreamEndpoint.class, CountedRelease.class})
  static class App implements WebMvcConfigurer {

    private final BodyExecutor executor = new BodyExecutor();

    @Bean
    ResultStreams resultStreams() {
      return new ResultStreams(new ResultStreamProperties(4, 1));
    }

    @Bean
    BodyExecutor bodyExecutor() {
      return executor;
    }

    @Override
    public void configureAsyncSupport(AsyncSupportConfigurer configurer) {
      configurer.setTaskExecutor(executor);
    }
  }
}

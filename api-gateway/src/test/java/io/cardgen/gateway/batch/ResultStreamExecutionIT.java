package io.cardgen.gateway.batch;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.autoconfigure.task.TaskExecutionAutoConfiguration;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.tomcat.autoconfigure.servlet.TomcatServletWebServerAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.DispatcherServletAutoConfiguration;
import org.springframework.boot.webmvc.autoconfigure.WebMvcAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * Results streams run on threads of their own, in a real Tomcat with Spring Boot's application
 * executor on platform threads (as on Java 17, 8 of them): streams held up by slow clients leave
 * that executor, which answers synchronous cards, free; and a refusal of the streaming endpoint is
 * answered at once while every stream thread is taken.
 */
@SpringBootTest(
    classes = ResultStreamExecutionIT.App.class,
    webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
    properties = "spring.threads.virtual.enabled=false")
class ResultStreamExecutionIT {

  private static final int APPLICATION_THREADS = 8;
  private static final CountDownLatch STREAMS_STARTED = new CountDownLatch(APPLICATION_THREADS);
  private static final CountDownLatch CLIENTS_READ = new CountDownLatch(1);
  private static final Queue<String> STREAM_THREADS = new ConcurrentLinkedQueue<>();
  private static final String REFUSAL = "{\"success\":false,\"code\":\"generation_unavailable\"}";

  @LocalServerPort private int port;

  @Autowired
  @Qualifier("applicationTaskExecutor")
  private Executor application;

  @Test
  void streamsHeldUpByTheirClientsLeaveTheApplicationExecutorAndRefusalsFree() throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    List<CompletableFuture<HttpResponse<String>>> streams = new ArrayList<>();
    for (int stream = 0; stream < APPLICATION_THREADS; stream++) {
      HttpRequest request =
          HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/stream")).build();
      streams.add(http.sendAsync(request, HttpResponse.BodyHandlers.ofString()));
    }
    try {
      assertThat(STREAMS_STARTED.await(30, TimeUnit.SECONDS)).isTrue();

      CompletableFuture<String> cardAnswer =
          CompletableFuture.supplyAsync(() -> "answered", application);

      assertThat(cardAnswer.get(30, TimeUnit.SECONDS)).isEqualTo("answered");
      assertThat(STREAM_THREADS).allMatch(name -> name.startsWith("results-stream-"));
      // Every stream thread is taken now: a refusal must not wait for one.
      HttpResponse<String> refusal =
          http.send(
              HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/refusal"))
                  .timeout(Duration.ofSeconds(10))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      assertThat(refusal.statusCode()).isEqualTo(503);
      assertThat(refusal.headers().firstValue("Retry-After")).contains("2");
      assertThat(refusal.headers().firstValue("Content-Type")).contains("application/json");
      assertThat(refusal.body()).isEqualTo(REFUSAL);
    } finally {
      CLIENTS_READ.countDown();
    }
    for (CompletableFuture<HttpResponse<String>> stream : streams) {
      assertThat(stream.get(30, TimeUnit.SECONDS).body()).isEqualTo("{\"seq\":1}\n");
    }
  }

  /** A stream whose writing waits until the test lets its client read. */
  @RestController
  static class StreamEndpoint {

    /** Refused as the results endpoint refuses: a JSON answer of a streaming endpoint. */
    @GetMapping("/refusal")
    ResponseEntity<StreamingResponseBody> refusal(HttpServletResponse response) throws IOException {
      return ImmediateAnswer.write(
          response,
          ResponseEntity.status(503).header("Retry-After", "2").build(),
          REFUSAL.getBytes(StandardCharsets.UTF_8));
    }

    @GetMapping("/stream")
    ResponseEntity<StreamingResponseBody> stream() {
      StreamingResponseBody body =
          out -> {
            STREAM_THREADS.add(Thread.currentThread().getName());
            STREAMS_STARTED.countDown();
            try {
              CLIENTS_READ.await(60, TimeUnit.SECONDS);
            } catch (InterruptedException stopping) {
              Thread.currentThread().interrupt();
            }
            out.write("{\"seq\":1}\n".getBytes(StandardCharsets.UTF_8));
          };
      return ResponseEntity.ok().body(body);
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ImportAutoConfiguration({
    TaskExecutionAutoConfiguration.class,
    TomcatServletWebServerAutoConfiguration.class,
    DispatcherServletAutoConfiguration.class,
    WebMvcAutoConfiguration.class
  })
  @Import({StreamEndpoint.class, ResultStreamExecution.class})
  static class App {

    @Bean
    ResultStreamProperties resultStreamProperties() {
      // As many stream threads as the test holds streams: the pool is full while it asserts.
      return new ResultStreamProperties(APPLICATION_THREADS, APPLICATION_THREADS);
    }
  }
}

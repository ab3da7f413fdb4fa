package io.cardgen.standalone.simulator;

import static io.cardgen.standalone.simulator.CardRequestBuilder.aCardRequest;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.standalone.simulator.SimulatorClient.Response;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class LlmSimulatorConcurrencyTest {

  private static final Duration LATENCY = Duration.ofMillis(200);

  @Test
  void holdsEveryAnswerForTheConfiguredLatency() {
    try (LlmSimulator simulator = LlmSimulator.start("127.0.0.1", 0, LATENCY)) {
      long started = System.nanoTime();
      Response response = new SimulatorClient(simulator).complete(aCardRequest());

      assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(LATENCY);
      assertThat(response.status()).isEqualTo(200);
    }
  }

  @Test
  void servesFiftyRequestsAtOnceInsteadOfOneAfterAnother() {
    try (LlmSimulator simulator = LlmSimulator.start("127.0.0.1", 0, LATENCY)) {
      SimulatorClient client = new SimulatorClient(simulator);
      client.complete(aCardRequest()); // warms up the JIT and the client's connection handling

      long started = System.nanoTime();
      List<CompletableFuture<Response>> calls =
          IntStream.range(0, 50)
              .mapToObj(i -> client.completeAsync(aCardRequest().withShortDescription("Mug " + i)))
              .toList();
      List<Response> responses = calls.stream().map(CompletableFuture::join).toList();
      Duration elapsed = Duration.ofNanos(System.nanoTime() - started);

      assertThat(responses).allSatisfy(response -> assertThat(response.status()).isEqualTo(200));
      // One after another would take 50 × 200 ms = 10 s; generous headroom for a slow 2-core box.
      assertThat(elapsed).isLessThan(Duration.ofSeconds(5));
    }
  }
}

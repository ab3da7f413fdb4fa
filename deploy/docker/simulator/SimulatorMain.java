import io.cardgen.standalone.simulator.LlmSimulator;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;

/**
 * Runs the standalone's LLM simulator on its own, for the llm-simulator image. Compiled in the
 * image build, outside the Maven modules: it is a container entry point, not application code.
 */
public final class SimulatorMain {
  public static void main(String[] args) throws InterruptedException {
    int port = Integer.parseInt(System.getenv().getOrDefault("CARDGEN_SIMULATOR_PORT", "8090"));
    long latencyMs =
        Long.parseLong(System.getenv().getOrDefault("CARDGEN_SIMULATOR_LATENCY_MS", "0"));
    LlmSimulator simulator = LlmSimulator.start("0.0.0.0", port, Duration.ofMillis(latencyMs));
    Runtime.getRuntime().addShutdownHook(new Thread(simulator::close));
    System.out.println("LLM simulator at http://0.0.0.0:" + port + "/v1");
    new CountDownLatch(1).await();
  }
}

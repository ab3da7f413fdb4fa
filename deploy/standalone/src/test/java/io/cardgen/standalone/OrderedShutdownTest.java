package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The standalone's stop order: the last part started stops first, every part exactly once. */
class OrderedShutdownTest {

  private final List<String> stopped = new CopyOnWriteArrayList<>();

  private AutoCloseable part(String name) {
    return () -> stopped.add(name);
  }

  @Test
  void partsStopInTheReverseOrderOfTheirStartAndOnlyOnce() {
    OrderedShutdown shutdown = new OrderedShutdown();
    shutdown.add(part("postgres"));
    shutdown.add(part("kafka"));
    shutdown.add(part("worker"));
    shutdown.add(part("gateway"));

    shutdown.close();
    shutdown.close();

    assertThat(stopped).containsExactly("gateway", "worker", "kafka", "postgres");
  }

  @Test
  void aPartThatFailsToStopDoesNotKeepTheOthersRunning() {
    OrderedShutdown shutdown = new OrderedShutdown();
    shutdown.add(part("postgres"));
    shutdown.add(
        () -> {
          throw new IllegalStateException("broker would not stop");
        });
    shutdown.add(part("gateway"));

    shutdown.close();

    assertThat(stopped).containsExactly("gateway", "postgres");
  }

  @Test
  void aPartThatFinishesStartingAfterTheStopIsStoppedAndEndsTheStart() {
    OrderedShutdown shutdown = new OrderedShutdown();
    shutdown.add(part("postgres"));
    shutdown.close();

    assertThatThrownBy(() -> shutdown.add(part("kafka")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("stopping");
    assertThat(stopped).containsExactly("postgres", "kafka");
  }
}

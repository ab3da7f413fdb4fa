package io.cardgen.storage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.support.GenericApplicationContext;

class StartStepTest {

  @Test
  void theStepRunsWhenTheContextStartsNotWithTheBeansAndBeforeAnythingElseStarts() {
    List<String> events = new ArrayList<>();
    try (GenericApplicationContext context = new GenericApplicationContext()) {
      context.registerBean(
          "consumer",
          SmartLifecycle.class,
          () -> {
            events.add("beans created");
            return new Recording(events);
          });
      context.registerBean(
          "bucket",
          StartStep.class,
          () -> {
            events.add("beans created");
            return new StartStep(() -> events.add("bucket created"));
          });

      context.refresh();

      assertThat(events)
          .containsExactly("beans created", "beans created", "bucket created", "consumer started");
    }
  }

  @Test
  void aStepThatFailsFailsTheStart() {
    try (GenericApplicationContext context = new GenericApplicationContext()) {
      context.registerBean(
          "bucket",
          StartStep.class,
          () ->
              new StartStep(
                  () -> {
                    throw new S3Failure("HEAD cardgen failed", 503);
                  }));

      assertThatThrownBy(context::refresh).hasRootCauseInstanceOf(S3Failure.class);
    }
  }

  /** A lifecycle bean at the default phase, like the Kafka listeners and the web server. */
  private static final class Recording implements SmartLifecycle {
    private final List<String> events;
    private boolean running;

    Recording(List<String> events) {
      this.events = events;
    }

    @Override
    public void start() {
      events.add("consumer started");
      running = true;
    }

    @Override
    public void stop() {
      running = false;
    }

    @Override
    public boolean isRunning() {
      return running;
    }
  }
}

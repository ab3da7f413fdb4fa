package io.cardgen.worker.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;

class MemoryBudgetSettingsTest {

  @Test
  void thePerPhotoReservationFollowsThePhotoLimitHoweverItIsSet() throws IOException {
    StandardEnvironment environment = workerSettings();
    assertThat(environment.getProperty("cardgen.worker.memory.per-photo")).isEqualTo("10MB");

    // A system property, a config file or SPRING_APPLICATION_JSON: not the variable itself.
    environment
        .getPropertySources()
        .addFirst(new MapPropertySource("operator", Map.of("cardgen.images.max-bytes", "20MB")));

    assertThat(environment.getProperty("cardgen.worker.memory.per-photo")).isEqualTo("20MB");
  }

  private static StandardEnvironment workerSettings() throws IOException {
    StandardEnvironment environment = new StandardEnvironment();
    new YamlPropertySourceLoader()
        .load("worker", new ClassPathResource("cardgen-worker.yaml"))
        .forEach(environment.getPropertySources()::addLast);
    return environment;
  }
}

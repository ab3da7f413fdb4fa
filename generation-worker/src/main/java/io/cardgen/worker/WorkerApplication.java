package io.cardgen.worker;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.scheduling.annotation.EnableScheduling;

/** A generation worker: takes jobs from the share group, writes cards, settles credits. */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
public class WorkerApplication {

  /** The worker's configuration file, {@code cardgen-worker.yaml}; see the gateway's twin. */
  public static final String CONFIG_NAME = "cardgen-worker";

  public static void main(String[] args) {
    run(args);
  }

  public static ConfigurableApplicationContext run(String... args) {
    return new SpringApplicationBuilder(WorkerApplication.class)
        .properties("spring.config.name=" + CONFIG_NAME)
        .run(args);
  }
}

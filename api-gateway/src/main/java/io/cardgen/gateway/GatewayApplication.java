package io.cardgen.gateway;

import java.util.List;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.scheduling.annotation.EnableScheduling;

/** The public API of cardgen: accepts generation requests, reserves credit, waits for workers. */
@SpringBootApplication
@ConfigurationPropertiesScan
@EnableScheduling
public class GatewayApplication {

  /**
   * The gateway's configuration file is {@code cardgen-gateway.yaml}, not {@code application.yaml},
   * so that it and the worker's can share one classpath (the standalone runs both in one JVM).
   */
  public static final String CONFIG_NAME = "cardgen-gateway";

  public static void main(String[] args) {
    run(args);
  }

  public static ConfigurableApplicationContext run(String... args) {
    return run(List.of(), args);
  }

  /**
   * @param initializers run before the context refreshes; the standalone registers the worker's
   *     {@link io.cardgen.common.stage.OldestFirstGate} with one, so both queue at the same gate
   */
  public static ConfigurableApplicationContext run(
      List<ApplicationContextInitializer<ConfigurableApplicationContext>> initializers,
      String... args) {
    return new SpringApplicationBuilder(GatewayApplication.class)
        .properties("spring.config.name=" + CONFIG_NAME)
        .initializers(initializers.toArray(ApplicationContextInitializer[]::new))
        .run(args);
  }
}

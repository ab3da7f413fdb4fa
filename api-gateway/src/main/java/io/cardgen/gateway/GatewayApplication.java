package io.cardgen.gateway;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
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
    return new SpringApplicationBuilder(GatewayApplication.class)
        .properties("spring.config.name=" + CONFIG_NAME)
        .run(args);
  }
}

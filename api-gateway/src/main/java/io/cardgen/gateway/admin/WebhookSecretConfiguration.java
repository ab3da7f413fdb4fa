package io.cardgen.gateway.admin;

import io.cardgen.common.webhook.SecretSealing;
import java.time.Clock;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The admin side of webhook secrets: how they are sealed at rest and rotated (ADR 0047). */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(WebhookSecretProperties.class)
class WebhookSecretConfiguration {

  /** Refuses to start on a malformed key; says once how secrets are kept. */
  @Bean
  SecretSealing webhookSecretSealing(WebhookSecretProperties properties) {
    return properties.sealing().announced();
  }

  @Bean
  WebhookSecretRotation webhookSecretRotation(
      JdbcClient jdbc, SecretSealing sealing, WebhookSecretProperties properties, Clock clock) {
    return new WebhookSecretRotation(jdbc, sealing, properties.rotationOverlap(), clock);
  }
}

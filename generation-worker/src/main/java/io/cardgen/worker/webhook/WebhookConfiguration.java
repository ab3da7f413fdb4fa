package io.cardgen.worker.webhook;

import io.cardgen.common.net.NameLookups;
import io.cardgen.common.webhook.SecretSealing;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The webhook deliverer of the worker (ADR 0009) and what it is made of. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({WebhookProperties.class, WebhookSecretProperties.class})
class WebhookConfiguration {

  /** Refuses to start on a malformed key; says once how secrets are kept. */
  @Bean
  SecretSealing webhookSecretSealing(WebhookSecretProperties properties) {
    return properties.sealing().announced();
  }

  @Bean
  WebhookDeliverer webhookDeliverer(
      JdbcClient jdbc,
      WebhookProperties properties,
      SecretSealing sealing,
      MeterRegistry registry,
      Clock clock) {
    return create(jdbc, properties, sealing, registry, clock, NameLookups.Lookup.SYSTEM);
  }

  @Bean
  SecretResealing webhookSecretResealing(JdbcClient jdbc, SecretSealing sealing, Clock clock) {
    return resealing(jdbc, sealing, clock);
  }

  static SecretResealing resealing(JdbcClient jdbc, SecretSealing sealing, Clock clock) {
    StoredSecrets stored = new StoredSecrets(jdbc);
    return new SecretResealing(new SigningSecrets(stored, sealing), stored, sealing, clock);
  }

  static WebhookDeliverer create(
      JdbcClient jdbc,
      WebhookProperties properties,
      SecretSealing sealing,
      MeterRegistry registry,
      Clock clock,
      NameLookups.Lookup resolver) {
    WebhookSender sender =
        new WebhookSender(new Destinations(properties.allowlist(), resolver), properties.timeout());
    RetrySchedule schedule =
        new RetrySchedule(
            properties.firstRetry(),
            properties.maxRetryDelay(),
            properties.retryFor(),
            () -> ThreadLocalRandom.current().nextDouble());
    return new WebhookDeliverer(
        new WebhookOutbox(jdbc, properties.maxConcurrentPerAccount()),
        new SigningSecrets(new StoredSecrets(jdbc), sealing),
        sender,
        schedule,
        new WebhookMetrics(registry),
        properties,
        threads(properties.maxConcurrent()),
        clock);
  }

  private static ExecutorService threads(int count) {
    AtomicInteger number = new AtomicInteger();
    return Executors.newFixedThreadPool(
        count,
        task -> {
          Thread thread = new Thread(task, "webhook-delivery-" + number.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        });
  }
}

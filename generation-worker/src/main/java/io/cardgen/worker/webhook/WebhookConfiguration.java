package io.cardgen.worker.webhook;

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
@EnableConfigurationProperties(WebhookProperties.class)
class WebhookConfiguration {

  @Bean
  WebhookDeliverer webhookDeliverer(
      JdbcClient jdbc, WebhookProperties properties, MeterRegistry registry, Clock clock) {
    return create(jdbc, properties, registry, clock, HostResolver.SYSTEM);
  }

  static WebhookDeliverer create(
      JdbcClient jdbc,
      WebhookProperties properties,
      MeterRegistry registry,
      Clock clock,
      HostResolver resolver) {
    WebhookSender sender =
        new WebhookSender(new Destinations(properties.allowlist(), resolver), properties.timeout());
    RetrySchedule schedule =
        new RetrySchedule(
            properties.firstRetry(),
            properties.maxRetryDelay(),
            properties.retryFor(),
            () -> ThreadLocalRandom.current().nextDouble());
    return new WebhookDeliverer(
        new WebhookOutbox(jdbc),
        new SigningSecrets(jdbc),
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

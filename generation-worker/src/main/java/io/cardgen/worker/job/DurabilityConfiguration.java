package io.cardgen.worker.job;

import io.cardgen.common.db.DurabilityBarrier;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The worker's one {@link DurabilityBarrier}: its completions share its statements (ADR 0033). */
@Configuration(proxyBeanMethods = false)
class DurabilityConfiguration {

  @Bean
  DurabilityBarrier durabilityBarrier(JdbcClient jdbc) {
    return new DurabilityBarrier(
        () -> jdbc.sql(DurabilityBarrier.STATEMENT).query(Long.class).single());
  }

  @Bean
  MeterBinder durabilityBarrierMetrics(DurabilityBarrier barrier) {
    return registry -> {
      FunctionCounter.builder("cardgen.durability.barrier.waits", barrier, DurabilityBarrier::waits)
          .description("Finished jobs that waited for the disk before their end was announced")
          .register(registry);
      FunctionCounter.builder(
              "cardgen.durability.barrier.rounds", barrier, DurabilityBarrier::rounds)
          .description("Statements those waits ran; fewer than the waits when they shared them")
          .register(registry);
    };
  }
}

package io.cardgen.gateway;

import io.cardgen.common.stage.OldestFirstGate;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.MeterBinder;
import java.time.Duration;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The gateway's {@link OldestFirstGate}. The standalone hands the worker's gate to the gateway (one
 * JVM, one set of cores, one queue), hence the condition.
 */
@Configuration(proxyBeanMethods = false)
class StageGateConfiguration {

  @Bean
  @ConditionalOnMissingBean
  OldestFirstGate stageGate(
      @Value("${cardgen.stages.permits:-1}") int permits,
      @Value("${cardgen.stages.max-wait:100ms}") Duration maxWait) {
    return OldestFirstGate.forThisProcess(permits, maxWait);
  }

  @Bean
  MeterBinder stageGateMetrics(OldestFirstGate gate) {
    return registry -> {
      Gauge.builder("cardgen.stage.gate.waiting", gate, OldestFirstGate::waiting)
          .description("Sections waiting for a permit of the oldest-first gate")
          .register(registry);
      FunctionCounter.builder("cardgen.stage.gate.bypassed", gate, OldestFirstGate::bypassed)
          .description("Sections that waited the gate's max-wait and ran without a permit")
          .register(registry);
    };
  }
}

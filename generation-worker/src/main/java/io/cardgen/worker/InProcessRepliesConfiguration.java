package io.cardgen.worker;

import io.cardgen.common.reply.InProcessReplies;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.binder.MeterBinder;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The worker's {@link InProcessReplies}. Deployed apart nothing attaches to it and every reply goes
 * to Kafka; the standalone hands it to the gateway in the same JVM (ADR 0034).
 */
@Configuration(proxyBeanMethods = false)
class InProcessRepliesConfiguration {

  @Bean
  InProcessReplies inProcessReplies() {
    return new InProcessReplies();
  }

  @Bean
  MeterBinder inProcessRepliesMetrics(InProcessReplies replies) {
    return registry ->
        FunctionCounter.builder("cardgen.replies.in.process", replies, InProcessReplies::delivered)
            .description("Finished jobs announced to a gateway in this JVM instead of via Kafka")
            .register(registry);
  }
}

package io.cardgen.worker.llm;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.cardgen.worker.validation.GroundingCheck;
import io.cardgen.worker.validation.OutputValidator;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.InstantSource;
import java.util.concurrent.ThreadLocalRandom;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/** Wires the LLM client from {@code cardgen.llm.*}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({LlmProperties.class, ProviderLimitProperties.class})
public class LlmConfiguration {

  @Bean
  CardWriter cardWriter(LlmProperties properties, MeterRegistry registry, ProviderGate gate) {
    return cardWriter(properties, InstantSource.system(), registry, gate);
  }

  /** The gate every provider call of this worker passes; batch intake watches its queue. */
  @Bean
  ProviderGate providerGate(
      ProviderLimitProperties limits, MeterRegistry registry, ObjectProvider<JdbcClient> jdbc) {
    InstantSource clock = InstantSource.system();
    RateBudget budget =
        limits.shared()
            ? new SharedRateBudget(
                jdbc.getObject(),
                limits.window(),
                limits.requestsPerWindow(),
                limits.tokensPerWindow())
            : RateBudget.UNLIMITED;
    ProviderGate gate =
        new ProviderGate(
            budget,
            new TokenEstimate(limits.tokensPerCall()),
            new AdaptiveConcurrency(limits.maxConcurrency()),
            clock,
            () -> ThreadLocalRandom.current().nextDouble());
    Gauge.builder("cardgen_llm_concurrency_limit", gate, ProviderGate::concurrencyLimit)
        .description("provider calls this worker may run at once (AIMD on 429)")
        .register(registry);
    Gauge.builder("cardgen_llm_calls_waiting", gate, ProviderGate::waiting)
        .description("provider calls waiting for the provider's limits (pause, slot, budget)")
        .register(registry);
    return gate;
  }

  static CardWriter cardWriter(
      LlmProperties properties, InstantSource clock, MeterRegistry registry) {
    return cardWriter(properties, clock, registry, ProviderGate.unshared(Integer.MAX_VALUE, clock));
  }

  static CardWriter cardWriter(
      LlmProperties properties, InstantSource clock, MeterRegistry registry, ProviderGate gate) {
    PromptLibrary prompts = PromptLibrary.load(properties.promptVersion());
    PhotoPayloads payloads = new PhotoPayloads();
    LlmMetrics metrics = new LlmMetrics(registry, properties.model(), prompts.version());
    ProviderCall provider =
        new ProviderCall(
            chatModel(properties, clock, gate, payloads),
            gate,
            properties,
            clock,
            new LlmRequestTimer(registry, properties.attemptTimeout()));
    CardRound round =
        new CardRound(
            properties.responseFormat(),
            provider,
            new ResponseReader(),
            new OutputValidator(),
            new GroundingCheck(),
            prompts,
            metrics);
    return new CardWriter(
        new CardPrompt(prompts, properties.imageDetail(), properties.responseFormat()),
        payloads,
        provider,
        round,
        new RepairRound(prompts),
        metrics,
        prompts.version());
  }

  /**
   * One client for all cards: it is thread-safe and pools connections. Request and response logging
   * stay off because requests carry the API key header (their photos are placeholders until our
   * transport sends them, ADR 0026).
   */
  static ChatModel chatModel(
      LlmProperties properties, InstantSource clock, ProviderGate gate, PhotoPayloads payloads) {
    return OpenAiChatModel.builder()
        .httpClientBuilder(
            ProviderHttpClient.builder(clock, gate::observe, payloads, AnswerMemory.ofHeap()))
        .baseUrl(properties.baseUrl())
        .apiKey(properties.apiKey())
        .modelName(properties.model())
        .timeout(properties.attemptTimeout())
        .maxRetries(0)
        .strictJsonSchema(true)
        .logRequests(false)
        .logResponses(false)
        .build();
  }
}

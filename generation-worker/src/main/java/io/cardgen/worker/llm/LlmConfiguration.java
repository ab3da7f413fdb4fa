package io.cardgen.worker.llm;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.cardgen.worker.validation.GroundingCheck;
import io.cardgen.worker.validation.OutputValidator;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.InstantSource;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the LLM client from {@code cardgen.llm.*}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(LlmProperties.class)
public class LlmConfiguration {

  @Bean
  CardWriter cardWriter(LlmProperties properties, MeterRegistry registry) {
    return cardWriter(properties, InstantSource.system(), registry);
  }

  static CardWriter cardWriter(
      LlmProperties properties, InstantSource clock, MeterRegistry registry) {
    PromptLibrary prompts = PromptLibrary.load(properties.promptVersion());
    LlmMetrics metrics = new LlmMetrics(registry, properties.model(), prompts.version());
    ProviderCall provider = new ProviderCall(chatModel(properties), properties, clock);
    CardRound round =
        new CardRound(
            provider,
            new ResponseReader(),
            new OutputValidator(),
            new GroundingCheck(),
            prompts,
            metrics);
    return new CardWriter(
        new CardPrompt(prompts, properties.imageDetail()),
        provider,
        round,
        new RepairRound(prompts),
        metrics,
        prompts.version());
  }

  /**
   * One client for all cards: it is thread-safe and pools connections. Request and response logging
   * stay off because requests carry the API key header and every photo in base64.
   */
  static ChatModel chatModel(LlmProperties properties) {
    return OpenAiChatModel.builder()
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

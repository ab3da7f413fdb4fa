package io.cardgen.worker.llm;

import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.cardgen.worker.validation.OutputValidator;
import java.time.InstantSource;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the LLM client from {@code cardgen.llm.*}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(LlmProperties.class)
public class LlmConfiguration {

  @Bean
  CardWriter cardWriter(LlmProperties properties) {
    return cardWriter(properties, InstantSource.system());
  }

  static CardWriter cardWriter(LlmProperties properties, InstantSource clock) {
    PromptLibrary prompts = PromptLibrary.load(properties.promptVersion());
    return new CardWriter(
        new CardPrompt(prompts, properties.imageDetail()),
        new ProviderCall(chatModel(properties), properties, clock),
        new ResponseReader(),
        new OutputValidator(),
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

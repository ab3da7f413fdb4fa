package io.cardgen.worker.llm;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.ImageContent.DetailLevel;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

class LlmConfigurationTest {

  private final ApplicationContextRunner context =
      new ApplicationContextRunner()
          .withUserConfiguration(LlmConfiguration.class)
          .withBean(MeterRegistry.class, SimpleMeterRegistry::new);

  @Test
  void bindsTheSettingsWithDefaultsAndCreatesTheCardWriter() {
    context
        .withPropertyValues(
            "cardgen.llm.base-url=http://localhost:8090/v1",
            "cardgen.llm.api-key=simulator",
            "cardgen.llm.model=gpt-4o-mini")
        .run(
            started -> {
              assertThat(started).hasSingleBean(CardWriter.class);
              LlmProperties properties = started.getBean(LlmProperties.class);
              assertThat(properties.timeout()).isEqualTo(Duration.ofSeconds(90));
              assertThat(properties.attemptTimeout()).isEqualTo(Duration.ofSeconds(60));
              assertThat(properties.maxRetries()).isEqualTo(2);
              assertThat(properties.retryBackoff()).isEqualTo(Duration.ofMillis(500));
              assertThat(properties.promptVersion()).isEqualTo("v4");
              assertThat(properties.imageDetail()).isEqualTo(DetailLevel.LOW);
            });
  }

  @Test
  void refusesToStartWithoutAnApiKey() {
    context
        .withPropertyValues(
            "cardgen.llm.base-url=http://localhost:8090/v1", "cardgen.llm.model=gpt-4o-mini")
        .run(started -> assertThat(started).hasFailed());
  }

  @Test
  void refusesToStartWithARealKeyButNoBaseUrlRatherThanGuessWhereTheKeyGoes() {
    context
        .withPropertyValues("cardgen.llm.api-key=sk-real", "cardgen.llm.model=gpt-4o-mini")
        .run(
            started ->
                assertThat(started)
                    .getFailure()
                    .rootCause()
                    .hasMessageContaining("CARDGEN_LLM_BASE_URL")
                    .hasMessageNotContaining("sk-real"));
  }

  @Test
  void takesTheSimulatorAsTheProviderWhenNoKeyIsConfigured() {
    context
        .withPropertyValues(
            "cardgen.llm.base-url=",
            "cardgen.llm.api-key=simulator",
            "cardgen.llm.model=gpt-4o-mini")
        .run(
            started ->
                assertThat(started.getBean(LlmProperties.class).baseUrl())
                    .isEqualTo("http://localhost:8090/v1"));
  }

  @Test
  void refusesToStartWithAnUnknownPromptVersion() {
    context
        .withPropertyValues(
            "cardgen.llm.base-url=http://localhost:8090/v1",
            "cardgen.llm.api-key=simulator",
            "cardgen.llm.model=gpt-4o-mini",
            "cardgen.llm.prompt-version=v999")
        .run(
            started ->
                assertThat(started).getFailure().rootCause().hasMessageContaining("prompts/v999/"));
  }

  @Test
  void keepsTheApiKeyOutOfItsTextForm() {
    LlmProperties properties =
        new LlmProperties(
            "http://x/v1",
            "sk-secret",
            "m",
            Duration.ofSeconds(1),
            Duration.ofSeconds(1),
            0,
            Duration.ZERO,
            "v1",
            DetailLevel.LOW,
            AnswerFormat.JSON_SCHEMA);

    assertThat(properties.toString()).doesNotContain("sk-secret").contains("http://x/v1");
  }
}

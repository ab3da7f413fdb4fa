package io.cardgen.worker.llm;

import dev.langchain4j.data.message.ImageContent.DetailLevel;
import io.cardgen.testsupport.OpenAiStub;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Duration;
import java.time.InstantSource;

/** CardWriters pointed at a stub server, with millisecond backoff so retries cost no time. */
final class TestWriters {

  private TestWriters() {}

  static LlmProperties properties(OpenAiStub stub, int maxRetries, Duration attemptTimeout) {
    return new LlmProperties(
        stub.baseUrl(),
        "sk-test",
        "gpt-test",
        Duration.ofSeconds(30),
        attemptTimeout,
        maxRetries,
        Duration.ofMillis(1),
        "v2",
        DetailLevel.LOW,
        AnswerFormat.JSON_SCHEMA);
  }

  static CardWriter writer(OpenAiStub stub) {
    return writer(stub, 2);
  }

  static CardWriter writer(OpenAiStub stub, int maxRetries) {
    return writer(properties(stub, maxRetries, Duration.ofSeconds(10)), new SimpleMeterRegistry());
  }

  static CardWriter writer(LlmProperties properties, MeterRegistry registry) {
    return writer(properties, registry, InstantSource.system());
  }

  static CardWriter writer(LlmProperties properties, MeterRegistry registry, InstantSource clock) {
    return LlmConfiguration.cardWriter(properties, clock, registry);
  }
}

package io.cardgen.worker.llm;

import dev.langchain4j.data.message.ImageContent.DetailLevel;
import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How the worker reaches the LLM (any OpenAI-compatible {@code /chat/completions} endpoint: the
 * real provider or the simulator).
 *
 * @param baseUrl the API root including {@code /v1}, for example {@code https://api.openai.com/v1};
 *     unset, the simulator's address while the key is the simulator's, the OpenAI API otherwise, so
 *     that a configured key never goes to a local port it was not meant for
 * @param apiKey the provider's key; {@value #SIMULATOR_KEY} (the default) means no key is
 *     configured, and the simulator is the provider (DESIGN.md)
 * @param timeout the whole budget of one card, retries, backoff and the repair round included; keep
 *     it below the job lease. A retry or the repair starts only when a full {@code attemptTimeout}
 *     still fits in the budget, so a card never takes longer than {@code max(timeout,
 *     attemptTimeout)} plus backoff granularity
 * @param attemptTimeout the read timeout of a single HTTP call to the provider
 * @param maxRetries retries after the first call on HTTP 5xx, 429, timeouts and I/O errors
 * @param retryBackoff the pause before the first retry; it doubles for each further retry
 * @param promptVersion the directory under {@code prompts/} holding the prompt texts and the
 *     sampling settings per creativity
 * @param imageDetail the OpenAI image detail level; {@code low} costs a fixed small number of
 *     tokens per photo, {@code high}/{@code auto} read fine print at a higher price
 * @param responseFormat {@code json-schema} sends the card's schema as the request's {@code
 *     response_format}; {@code json-object}, for providers that refuse a schema there, asks for a
 *     JSON object and puts the schema into the prompt ({@link AnswerFormat})
 */
@ConfigurationProperties("cardgen.llm")
record LlmProperties(
    String baseUrl,
    String apiKey,
    String model,
    @DefaultValue("90s") Duration timeout,
    @DefaultValue("60s") Duration attemptTimeout,
    @DefaultValue("2") int maxRetries,
    @DefaultValue("500ms") Duration retryBackoff,
    @DefaultValue("v4") String promptVersion,
    @DefaultValue("low") DetailLevel imageDetail,
    @DefaultValue("json-schema") AnswerFormat responseFormat) {

  static final String SIMULATOR_KEY = "simulator";
  static final String SIMULATOR_URL = "http://localhost:8090/v1";

  private static final Pattern VERSION = Pattern.compile("[a-z0-9][a-z0-9._-]*");

  LlmProperties {
    if (baseUrl == null || baseUrl.isBlank()) {
      if (!SIMULATOR_KEY.equals(apiKey)) {
        throw new IllegalArgumentException(
            "cardgen.llm.base-url (CARDGEN_LLM_BASE_URL) must be set with an API key, for"
                + " example https://api.openai.com/v1");
      }
      baseUrl = SIMULATOR_URL;
    }
    requireText(apiKey, "apiKey");
    requireText(model, "model");
    requirePositive(timeout, "timeout");
    requirePositive(attemptTimeout, "attemptTimeout");
    Objects.requireNonNull(retryBackoff, "cardgen.llm.retry-backoff");
    Objects.requireNonNull(imageDetail, "cardgen.llm.image-detail");
    Objects.requireNonNull(responseFormat, "cardgen.llm.response-format");
    if (maxRetries < 0) {
      throw new IllegalArgumentException("cardgen.llm.max-retries must not be negative");
    }
    if (promptVersion == null || !VERSION.matcher(promptVersion).matches()) {
      throw new IllegalArgumentException("cardgen.llm.prompt-version must match " + VERSION);
    }
  }

  /** Keeps the API key out of logs and failure analysis output. */
  @Override
  public String toString() {
    return "LlmProperties[baseUrl=%s, model=%s, timeout=%s, attemptTimeout=%s, maxRetries=%d, retryBackoff=%s, promptVersion=%s, imageDetail=%s, responseFormat=%s]"
        .formatted(
            baseUrl,
            model,
            timeout,
            attemptTimeout,
            maxRetries,
            retryBackoff,
            promptVersion,
            imageDetail,
            responseFormat);
  }

  private static void requireText(String value, String name) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("cardgen.llm." + kebab(name) + " must be set");
    }
  }

  private static void requirePositive(Duration value, String name) {
    if (value == null || value.isNegative() || value.isZero()) {
      throw new IllegalArgumentException("cardgen.llm." + kebab(name) + " must be positive");
    }
  }

  private static String kebab(String name) {
    return name.replaceAll("([A-Z])", "-$1").toLowerCase(java.util.Locale.ROOT);
  }
}

package io.cardgen.gateway.batch;

import io.cardgen.common.error.Messages;
import io.cardgen.common.request.Texts;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * A batch's {@code webhook_url} and {@code metadata} (batch-api §2): in the JSON body, or for an
 * NDJSON body in the query string ({@code metadata} as a JSON object there).
 */
@Component
class BatchOptions {

  static final int MAX_METADATA_PAIRS = 16;
  static final int MAX_METADATA_CHARS = 512;

  /** The query string's values, unchecked. */
  record Raw(String webhookUrl, String metadata) {
    /** Part of the idempotency fingerprint: the same body with another webhook is another batch. */
    String context() {
      return (webhookUrl == null ? "-" : "u:" + webhookUrl)
          + "\n"
          + (metadata == null ? "-" : "m:" + metadata);
    }
  }

  sealed interface Checked {}

  record Valid(String webhookUrl, String metadataJson) implements Checked {}

  record Invalid(String message) implements Checked {}

  private final WebhookAddress webhooks;
  private final ObjectMapper json;

  BatchOptions(WebhookAddress webhooks, ObjectMapper json) {
    this.webhooks = webhooks;
    this.json = json;
  }

  Checked check(
      UUID account,
      BatchBody.Format format,
      Raw query,
      JsonNode bodyWebhook,
      JsonNode bodyMetadata) {
    JsonNode webhook = bodyWebhook;
    JsonNode metadata = bodyMetadata;
    if (format == BatchBody.Format.NDJSON) {
      webhook =
          query.webhookUrl() == null ? null : json.getNodeFactory().stringNode(query.webhookUrl());
      try {
        metadata = query.metadata() == null ? null : json.readTree(query.metadata());
      } catch (JacksonException malformed) {
        return new Invalid(Messages.format("batch.metadata"));
      }
    }
    String url = null;
    if (webhook != null && !webhook.isNull()) {
      if (!webhook.isString() || !webhooks.permits(webhook.asString(), account)) {
        return new Invalid(Messages.format("batch.webhook_url"));
      }
      url = webhook.asString();
    }
    Map<String, String> pairs = metadata(metadata);
    if (pairs == null) {
      return new Invalid(Messages.format("batch.metadata"));
    }
    return new Valid(url, json.writeValueAsString(pairs));
  }

  /** The pairs, or null when the value breaks a rule. */
  private static Map<String, String> metadata(JsonNode metadata) {
    Map<String, String> pairs = new LinkedHashMap<>();
    if (metadata == null || metadata.isNull()) {
      return pairs;
    }
    if (!metadata.isObject() || metadata.size() > MAX_METADATA_PAIRS) {
      return null;
    }
    Iterator<Map.Entry<String, JsonNode>> fields = metadata.properties().iterator();
    while (fields.hasNext()) {
      Map.Entry<String, JsonNode> field = fields.next();
      JsonNode value = field.getValue();
      if (!value.isString() || !isStorable(field.getKey()) || !isStorable(value.asString())) {
        return null;
      }
      pairs.put(field.getKey(), value.asString());
    }
    return pairs;
  }

  /**
   * Within the length in characters (code points, as every length of the interface counts), and
   * text that jsonb can hold: PostgreSQL refuses U+0000 and lone surrogate halves.
   */
  private static boolean isStorable(String text) {
    return Texts.isWellFormed(text) && text.codePointCount(0, text.length()) <= MAX_METADATA_CHARS;
  }
}

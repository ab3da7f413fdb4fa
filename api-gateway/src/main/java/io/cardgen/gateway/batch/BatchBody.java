package io.cardgen.gateway.batch;

import io.cardgen.common.error.Messages;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.util.HexFormat;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ObjectReader;

/**
 * Reads a batch body as a stream (batch-api §2), handing each item to a sink as soon as it is
 * parsed: only one item is in memory at a time, so a 256 MiB body of 10 000 items never is. The
 * bytes pass through a digest on the way, which is the body's idempotency fingerprint, and through
 * a counter that stops at the size limit.
 */
final class BatchBody {

  enum Format {
    JSON,
    NDJSON
  }

  /** Receives items in order; returns false to stop reading (enough errors to answer). */
  interface ItemSink {
    boolean accept(JsonNode item, int position);
  }

  sealed interface Outcome {}

  /** The whole body was read; for JSON, its top-level {@code webhook_url} and {@code metadata}. */
  record Read(int items, JsonNode webhookUrl, JsonNode metadata, String fingerprint)
      implements Outcome {}

  /** The sink asked to stop; what it collected is the answer. */
  record Stopped() implements Outcome {}

  record TooLarge() implements Outcome {}

  record TooManyItems() implements Outcome {}

  record Malformed(String message) implements Outcome {}

  private final ObjectReader reader;
  private final long limit;
  private final int maxItems;

  BatchBody(ObjectMapper json, long limit, int maxItems) {
    // Items are read one tree at a time from one parser: what follows an item is the next one.
    this.reader =
        json.reader()
            .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    this.limit = limit;
    this.maxItems = maxItems;
  }

  int maxItems() {
    return maxItems;
  }

  /**
   * @param context what else identifies the request (format, query parameters), hashed before the
   *     body
   */
  Outcome read(InputStream body, Format format, String context, ItemSink sink) throws IOException {
    MessageDigest digest = Fingerprints.sha256();
    digest.update(context.getBytes(StandardCharsets.UTF_8));
    LimitedStream limited = new LimitedStream(body, limit);
    try (JsonParser parser = reader.createParser(new DigestInputStream(limited, digest))) {
      Outcome outcome =
          format == Format.JSON ? readObject(parser, sink) : readLines(parser, sink, null);
      // Both formats are read to the end of input, so the digest has seen every byte.
      if (outcome instanceof Read read) {
        return new Read(
            read.items(),
            read.webhookUrl(),
            read.metadata(),
            HexFormat.of().formatHex(digest.digest()));
      }
      return outcome;
    } catch (JacksonException malformed) {
      if (limited.exceeded) {
        return new TooLarge();
      }
      int line = malformed.getLocation() == null ? 1 : malformed.getLocation().getLineNr();
      return new Malformed(
          Messages.format("batch.malformed", format == Format.JSON ? "JSON" : "NDJSON", line));
    } catch (LimitExceeded tooLarge) {
      return new TooLarge();
    }
  }

  /** Reads only to hash: the idempotency check of a key already used. */
  Outcome fingerprint(InputStream body, Format format, String context) throws IOException {
    MessageDigest digest = Fingerprints.sha256();
    digest.update(context.getBytes(StandardCharsets.UTF_8));
    try {
      new DigestInputStream(new LimitedStream(body, limit), digest)
          .transferTo(OutputStream.nullOutputStream());
    } catch (LimitExceeded tooLarge) {
      return new TooLarge();
    }
    return new Read(0, null, null, HexFormat.of().formatHex(digest.digest()));
  }

  private Outcome readObject(JsonParser parser, ItemSink sink) {
    if (parser.nextToken() != JsonToken.START_OBJECT) {
      return new Malformed(Messages.format("batch.body_not_object"));
    }
    JsonNode webhookUrl = null;
    JsonNode metadata = null;
    Outcome items = null;
    while (parser.nextToken() == JsonToken.PROPERTY_NAME) {
      String name = parser.currentName();
      parser.nextToken();
      switch (name) {
        case "items" -> {
          if (!parser.isExpectedStartArrayToken()) {
            return new Malformed(Messages.format("batch.items_missing"));
          }
          items = readLines(parser, sink, JsonToken.END_ARRAY);
          if (!(items instanceof Read)) {
            return items;
          }
        }
        case "webhook_url" -> webhookUrl = reader.readTree(parser);
        case "metadata" -> metadata = reader.readTree(parser);
        default -> parser.skipChildren();
      }
    }
    if (parser.nextToken() != null) {
      return new Malformed(Messages.format("batch.body_not_object"));
    }
    if (items == null || ((Read) items).items() == 0) {
      return new Malformed(Messages.format("batch.items_missing"));
    }
    return new Read(((Read) items).items(), webhookUrl, metadata, null);
  }

  /** Items until {@code end} (an array's end) or the end of input (NDJSON). */
  private Outcome readLines(JsonParser parser, ItemSink sink, JsonToken end) {
    int position = 0;
    while (parser.nextToken() != end) {
      if (++position > maxItems) {
        return new TooManyItems();
      }
      JsonNode item = reader.readTree(parser);
      if (!accepted(sink, item, position)) {
        return new Stopped();
      }
    }
    if (end == null && position == 0) {
      return new Malformed(Messages.format("batch.items_missing"));
    }
    return new Read(position, null, null, null);
  }

  /** A JSON failure inside the sink is a bug there, not a malformed body: it must not say so. */
  private static boolean accepted(ItemSink sink, JsonNode item, int position) {
    try {
      return sink.accept(item, position);
    } catch (JacksonException inSink) {
      throw new IllegalStateException("Checking batch item " + position + " failed", inSink);
    }
  }

  /** Thrown by {@link LimitedStream}; unchecked so it crosses the parser unchanged. */
  static final class LimitExceeded extends RuntimeException {
    LimitExceeded() {
      super("batch body over the limit", null, false, false);
    }
  }

  private static final class LimitedStream extends FilterInputStream {
    private final long limit;
    private long count;
    private boolean exceeded;

    LimitedStream(InputStream in, long limit) {
      super(in);
      this.limit = limit;
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int read = super.read(buffer, offset, length);
      if (read > 0) {
        count(read);
      }
      return read;
    }

    private void count(int read) {
      count += read;
      if (count > limit) {
        exceeded = true;
        throw new LimitExceeded();
      }
    }
  }
}

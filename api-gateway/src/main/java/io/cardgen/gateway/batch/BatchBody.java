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
import java.util.function.LongPredicate;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads a batch body as a stream (batch-api §2), handing each item to a sink as soon as it is
 * parsed: only one item is in memory at a time, so a 256 MiB body of 10 000 items never is. The
 * bytes pass through a digest on the way, which is the body's idempotency fingerprint, and through
 * a counter that stops at the size limit.
 *
 * <p>One item is bounded too, before its tree is built: it may take at most the synchronous
 * endpoint's body size in bytes and {@link #MAX_ITEM_VALUES} JSON values, since a tree costs tens
 * of bytes per value (a body of {@code [{},{},…]} would be ten times its size in memory). {@code
 * metadata} and {@code webhook_url} are bounded likewise, well above what their rules allow.
 *
 * <p>While an item is read, the caller is asked for heap room each time the item's bytes double
 * from {@value #ROOM_STEP}, and told when the item has been handled (asked for 0 bytes): an item
 * may be as large as a card request, and the gateway's intake memory counts both alike.
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

  /** The item at {@code position} is over the item bounds. */
  record ItemTooLarge(int position) implements Outcome {}

  /** No heap room for the item being read came free in time. */
  record NoRoom() implements Outcome {}

  /**
   * Values one item may hold: a card request has a few dozen (13 facts, 20 keywords, the photos, up
   * to 20 unknown fields), so this is generous, and keeps one item's tree to a few hundred KB.
   */
  static final int MAX_ITEM_VALUES = 10_000;

  /** The parser reads ahead in blocks of 8 000 bytes; a window this much wider never cuts one. */
  private static final long READ_AHEAD = 64 * 1024;

  /** An item's bytes read before the first request for room; doubled at each later request. */
  static final long ROOM_STEP = 64 * 1024;

  private static final long OPTION_BYTES = 64 * 1024;
  private static final int OPTION_VALUES = 200;

  private final ObjectReader reader;
  private final int maxNestingDepth;
  private final long limit;
  private final int maxItems;
  private final long itemLimit;

  /**
   * @param itemLimit the bytes one item may take
   */
  BatchBody(long limit, int maxItems, long itemLimit) {
    // The parser counts its tokens only when a maximum is set; the item windows read that count.
    StreamReadConstraints constraints =
        StreamReadConstraints.builder()
            .maxStringLength((int) Math.min(itemLimit, Integer.MAX_VALUE - 1))
            .maxTokenCount((long) (maxItems + 1) * (MAX_ITEM_VALUES * 2L + 64))
            .build();
    this.maxNestingDepth = constraints.getMaxNestingDepth();
    // Items are read one tree at a time from one parser: what follows an item is the next one.
    this.reader =
        JsonMapper.builder(JsonFactory.builder().streamReadConstraints(constraints).build())
            .build()
            .reader()
            .with(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    this.limit = limit;
    this.maxItems = maxItems;
    this.itemLimit = itemLimit;
  }

  int maxItems() {
    return maxItems;
  }

  /**
   * @param context what else identifies the request (format, query parameters), hashed before the
   *     body
   * @param itemRoom asked whether an item of so many bytes read so far fits in memory; false stops
   *     the read with {@link NoRoom}. Asked for 0 after every item, once it has been handled: what
   *     the sink keeps of it counts from then on.
   */
  Outcome read(
      InputStream body, Format format, String context, ItemSink sink, LongPredicate itemRoom)
      throws IOException {
    MessageDigest digest = Fingerprints.sha256();
    digest.update(context.getBytes(StandardCharsets.UTF_8));
    LimitedStream limited = new LimitedStream(body, limit, itemRoom);
    try (JsonParser parser = reader.createParser(new DigestInputStream(limited, digest))) {
      limited.parser = parser;
      Outcome outcome =
          format == Format.JSON
              ? readObject(parser, limited, sink)
              : readLines(parser, limited, sink, null);
      // Both formats are read to the end of input, so the digest has seen every byte.
      if (outcome instanceof Read read) {
        return new Read(
            read.items(),
            read.webhookUrl(),
            read.metadata(),
            HexFormat.of().formatHex(digest.digest()));
      }
      return outcome;
    } catch (JacksonIOException unreadable) {
      // The body could not be read (cut short, too slow, the client gone): not malformed JSON, and
      // the caller answers it as Tomcat's refusal it is.
      throw unreadable.getCause();
    } catch (JacksonException malformed) {
      if (limited.exceeded) {
        return new TooLarge();
      }
      int line = malformed.getLocation() == null ? 1 : malformed.getLocation().getLineNr();
      return new Malformed(
          Messages.format("batch.malformed", format == Format.JSON ? "JSON" : "NDJSON", line));
    } catch (LimitExceeded tooLarge) {
      return new TooLarge();
    } catch (NoRoomForItem noRoom) {
      return new NoRoom();
    }
  }

  /** Reads only to hash: the idempotency check of a key already used. */
  Outcome fingerprint(InputStream body, Format format, String context) throws IOException {
    MessageDigest digest = Fingerprints.sha256();
    digest.update(context.getBytes(StandardCharsets.UTF_8));
    try {
      new DigestInputStream(new LimitedStream(body, limit, bytes -> true), digest)
          .transferTo(OutputStream.nullOutputStream());
    } catch (LimitExceeded tooLarge) {
      return new TooLarge();
    }
    return new Read(0, null, null, HexFormat.of().formatHex(digest.digest()));
  }

  private Outcome readObject(JsonParser parser, LimitedStream limited, ItemSink sink) {
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
          items = readLines(parser, limited, sink, JsonToken.END_ARRAY);
          if (!(items instanceof Read)) {
            return items;
          }
        }
        case "webhook_url" -> {
          webhookUrl = readBounded(parser, limited, OPTION_BYTES, OPTION_VALUES);
          if (webhookUrl == null) {
            return new Malformed(Messages.format("batch.webhook_url"));
          }
        }
        case "metadata" -> {
          metadata = readBounded(parser, limited, OPTION_BYTES, OPTION_VALUES);
          if (metadata == null) {
            return new Malformed(Messages.format("batch.metadata"));
          }
        }
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
  private Outcome readLines(
      JsonParser parser, LimitedStream limited, ItemSink sink, JsonToken end) {
    int position = 0;
    while (parser.nextToken() != end) {
      if (++position > maxItems) {
        return new TooManyItems();
      }
      limited.measureItem();
      JsonNode item = readBounded(parser, limited, itemLimit, MAX_ITEM_VALUES);
      if (item == null) {
        return new ItemTooLarge(position);
      }
      boolean more = accepted(sink, item, position);
      limited.itemHandled();
      if (!more) {
        return new Stopped();
      }
    }
    if (end == null && position == 0) {
      return new Malformed(Messages.format("batch.lines_missing"));
    }
    return new Read(position, null, null, null);
  }

  /**
   * The value at the parser's current token as a tree, or null when it takes more than {@code
   * bytes} of input or {@code values} JSON values; the stream stops the parser as soon as it does,
   * so no more than that is ever built.
   */
  private JsonNode readBounded(JsonParser parser, LimitedStream limited, long bytes, int values) {
    // A value has at most two tokens (an object's start and end, a name and its value).
    limited.openWindow(bytes + READ_AHEAD, parser.currentTokenCount() + 2L * values);
    try {
      JsonNode value = reader.readTree(parser);
      return parser.currentTokenCount() > limited.tokenEnd ? null : value;
    } catch (WindowExceeded overBounds) {
      return null;
    } catch (StreamConstraintsException overBounds) {
      if (parser.streamReadContext().getNestingDepth() > maxNestingDepth) {
        // Nested deeper than the parser goes: small, and malformed to us, as on the card endpoint
        // (a review got 413 saying the 2 KB item was over 32 MiB), at the line it was found on.
        throw new StreamReadException(
            parser, overBounds.getMessage(), parser.currentLocation(), overBounds);
      }
      return null;
    } finally {
      limited.closeWindow();
    }
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

  /** Thrown by {@link LimitedStream} when an item's room was refused. */
  static final class NoRoomForItem extends RuntimeException {
    NoRoomForItem() {
      super("no room for a batch item", null, false, false);
    }
  }

  /** Thrown by {@link LimitedStream} when one value is over its window. */
  static final class WindowExceeded extends RuntimeException {
    WindowExceeded() {
      super("batch value over its bounds", null, false, false);
    }
  }

  private static final class LimitedStream extends FilterInputStream {
    private final long limit;
    private final LongPredicate itemRoom;
    private long count;
    private long itemStart = -1;
    private long nextRoomCheck;
    private boolean exceeded;
    private JsonParser parser;
    private long byteEnd = Long.MAX_VALUE;
    private long tokenEnd = Long.MAX_VALUE;

    /** Bounds what is read from here on, until closed: bytes, and the parser's token count. */
    void openWindow(long bytes, long tokens) {
      byteEnd = count + bytes;
      tokenEnd = tokens;
    }

    void closeWindow() {
      byteEnd = Long.MAX_VALUE;
      tokenEnd = Long.MAX_VALUE;
    }

    /** An item starts here: its bytes are counted against the room it is given. */
    void measureItem() {
      itemStart = count;
      nextRoomCheck = ROOM_STEP;
    }

    /**
     * The item is let go and what the sink kept of it counts: the room is settled at that, given
     * back from a large item or grown with the items kept.
     */
    void itemHandled() {
      itemStart = -1;
      if (!itemRoom.test(0)) {
        throw new NoRoomForItem();
      }
    }

    LimitedStream(InputStream in, long limit, LongPredicate itemRoom) {
      super(in);
      this.limit = limit;
      this.itemRoom = itemRoom;
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
      // Checked at every refill of the parser's buffer: a value is stopped at most one buffer
      // (8 000 bytes, a few thousand tokens) past its bounds.
      if (count > byteEnd || (parser != null && parser.currentTokenCount() > tokenEnd)) {
        throw new WindowExceeded();
      }
      long itemBytes = count - itemStart;
      if (itemStart >= 0 && itemBytes > nextRoomCheck) {
        if (!itemRoom.test(itemBytes)) {
          throw new NoRoomForItem();
        }
        nextRoomCheck = 2 * itemBytes;
      }
    }
  }
}

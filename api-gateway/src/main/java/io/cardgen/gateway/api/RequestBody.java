package io.cardgen.gateway.api;

import io.cardgen.common.error.Messages;
import io.cardgen.gateway.web.UploadRateProperties;
import jakarta.servlet.http.HttpServletRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.LongPredicate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadConstraints;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads the request body under the size limit. A declared Content-Length over the limit is refused
 * before reading; a chunked body is read only up to the limit, so an oversized upload never sits in
 * memory whole.
 *
 * <p>A body with a repeated key is refused: which of the two values counts is left open by RFC
 * 8259, and a request whose meaning depends on the parser must not reach generation or billing.
 */
@Component
class RequestBody {

  private static final Logger log = LoggerFactory.getLogger(RequestBody.class);

  sealed interface Read {}

  record Parsed(JsonNode json) implements Read {}

  record TooLarge() implements Read {}

  /** Read whole, but there is no room to parse it now ({@link IntakeMemory}). */
  record NoRoom() implements Read {}

  /** The client broke the body's framing: bad chunks, fewer bytes than declared, a stall. */
  record Unreadable() implements Read {}

  /**
   * @param message the Russian text saying what is wrong with the body
   */
  record Malformed(String message) implements Read {}

  private final ObjectReader strict;
  private final ObjectReader lenient;
  private final long limit;
  private final long maxReadNanos;

  /**
   * JSON values a card body may hold. A valid request holds well under 200; the bound keeps a body
   * of tiny values (32 MB of {@code {},} is eleven million objects, about 900 MB as a tree) from
   * outgrowing the five times its size that {@link IntakeMemory} reserves for it. The batch items'
   * bound, for one request of the same kind.
   */
  static final int MAX_VALUES = 10_000;

  RequestBody(BodyLimitProperties properties, UploadRateProperties upload) {
    // Spring's mapper cannot take new read constraints, and the tree needs none of its settings.
    JsonMapper bounded =
        JsonMapper.builder(
                JsonFactory.builder()
                    .streamReadConstraints(
                        StreamReadConstraints.builder().maxTokenCount(MAX_VALUES * 2L + 64).build())
                    .build())
            .build();
    this.lenient = bounded.reader();
    this.strict = lenient.with(StreamReadFeature.STRICT_DUPLICATE_DETECTION);
    this.limit = properties.maxBodySize().toBytes();
    this.maxReadNanos = upload.cardBodyTime().toNanos();
  }

  /**
   * @param roomFor asked, once the body is read and before it is parsed, whether there is room for
   *     a body of that many bytes; parsing and decoding are most of what a body costs
   */
  Read read(HttpServletRequest request, LongPredicate roomFor) {
    if (request.getContentLengthLong() > limit) {
      return new TooLarge();
    }
    // A declared length was admitted whole; a chunked body only at a guess, so its room is asked
    // for again each time its bytes double, and it is read no further than the room there is.
    LongPredicate roomWhileReading = request.getContentLengthLong() < 0 ? roomFor : bytes -> true;
    byte[] body;
    try {
      body = readUpTo(request.getInputStream(), limit + 1, roomWhileReading, maxReadNanos);
    } catch (IOException framing) {
      log.info("Could not read a request body: {}", framing.toString());
      return new Unreadable();
    }
    if (body == null) {
      return new NoRoom();
    }
    if (body.length > limit) {
      return new TooLarge();
    }
    if (!roomFor.test(body.length)) {
      return new NoRoom();
    }
    if (!StrictUtf8.isWellFormed(body)) {
      return new Malformed(Messages.format("invalid.body_encoding"));
    }
    try {
      JsonNode tree = strict.readTree(body);
      return tree == null || tree.isMissingNode() ? malformed() : new Parsed(tree);
    } catch (JacksonException malformed) {
      return isValidJson(body)
          ? new Malformed(Messages.format("invalid.body_duplicate_field"))
          : malformed();
    }
  }

  /** Only a body that fails the strict reading alone has a repeated key. */
  private boolean isValidJson(byte[] body) {
    try {
      lenient.readTree(body);
      return true;
    } catch (JacksonException malformed) {
      return false;
    }
  }

  private static Malformed malformed() {
    return new Malformed(Messages.format("invalid.body_malformed"));
  }

  /**
   * Up to {@code max} bytes; null when {@code roomFor} refused the bytes read so far. Fails once
   * reading has taken longer than {@code maxNanos}, noticed when a read returns (at most the
   * connector's 20 s for a byte later); time spent waiting for {@code roomFor} does not count.
   */
  private static byte[] readUpTo(InputStream in, long max, LongPredicate roomFor, long maxNanos)
      throws IOException {
    long started = System.nanoTime();
    ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
    byte[] buffer = new byte[65536];
    long total = 0;
    long nextCheck = IntakeMemory.UNDECLARED_GUESS;
    int read;
    while (total < max
        && (read = in.read(buffer, 0, (int) Math.min(buffer.length, max - total))) > 0) {
      out.write(buffer, 0, read);
      total += read;
      if (System.nanoTime() - started > maxNanos) {
        throw new IOException(
            "the body took longer than " + maxNanos / 1_000_000_000L + " s: " + total + " bytes");
      }
      if (total > nextCheck) {
        long waitStarted = System.nanoTime();
        if (!roomFor.test(total)) {
          return null;
        }
        // Waiting for room in the intake memory is ours, not the client's time.
        started += System.nanoTime() - waitStarted;
        nextCheck = 2 * total;
      }
    }
    return out.toByteArray();
  }
}

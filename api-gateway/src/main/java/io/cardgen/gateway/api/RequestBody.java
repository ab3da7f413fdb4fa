package io.cardgen.gateway.api;

import jakarta.servlet.http.HttpServletRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.springframework.stereotype.Component;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;

/**
 * Reads the request body under the size limit. A declared Content-Length over the limit is refused
 * before reading; a chunked body is read only up to the limit, so an oversized upload never sits in
 * memory whole.
 */
@Component
class RequestBody {

  sealed interface Read {}

  record Parsed(JsonNode json) implements Read {}

  record TooLarge() implements Read {}

  record Malformed() implements Read {}

  private final ObjectMapper json;
  private final long limit;

  RequestBody(ObjectMapper json, BodyLimitProperties properties) {
    this.json = json;
    this.limit = properties.maxBodySize().toBytes();
  }

  Read read(HttpServletRequest request) throws IOException {
    if (request.getContentLengthLong() > limit) {
      return new TooLarge();
    }
    byte[] body = readUpTo(request.getInputStream(), limit + 1);
    if (body.length > limit) {
      return new TooLarge();
    }
    try {
      JsonNode tree = json.readTree(body);
      return tree == null || tree.isMissingNode() ? new Malformed() : new Parsed(tree);
    } catch (JacksonException malformed) {
      return new Malformed();
    }
  }

  private static byte[] readUpTo(InputStream in, long max) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(8192);
    byte[] buffer = new byte[65536];
    long total = 0;
    int read;
    while (total < max
        && (read = in.read(buffer, 0, (int) Math.min(buffer.length, max - total))) > 0) {
      out.write(buffer, 0, read);
      total += read;
    }
    return out.toByteArray();
  }
}

package io.cardgen.cli.input;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes the creation body to a file as items arrive. Without metadata it is NDJSON (the webhook
 * URL goes in the query string, batch-api §2). With metadata it is the JSON form, because the spec
 * fixes how metadata travels in a JSON body but not in a query string.
 */
final class BatchBody implements AutoCloseable {

  static final String NDJSON = "application/x-ndjson";
  static final String JSON = "application/json";

  private final OutputStream out;
  private final boolean wrapped;
  private boolean first = true;
  private long size;

  BatchBody(Path file, boolean wrapped) throws IOException {
    this.out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
    this.wrapped = wrapped;
    if (wrapped) {
      write("{\"items\":[\n".getBytes(StandardCharsets.UTF_8));
    }
  }

  /** The bytes written so far. */
  long size() {
    return size;
  }

  /** The bytes there would be with {@code line} as the next item. */
  long sizeWith(byte[] line) {
    return size + (wrapped && !first ? 1 : 0) + line.length + 1;
  }

  String contentType() {
    return wrapped ? JSON : NDJSON;
  }

  void item(byte[] line) throws IOException {
    if (wrapped && !first) {
      write(',');
    }
    first = false;
    write(line);
    write('\n');
  }

  /**
   * Ends the JSON form with the batch's options. Metadata goes in key order whatever order the map
   * has: the service compares a repeated creation with the first by its raw bytes, so the same
   * command must write the same body on every run (a {@code Map.copyOf} order differs per JVM).
   */
  void finish(JsonMapper json, String webhookUrl, Map<String, String> metadata) throws IOException {
    if (wrapped) {
      ObjectNode options = JsonNodeFactory.instance.objectNode();
      if (webhookUrl != null) {
        options.put("webhook_url", webhookUrl);
      }
      ObjectNode pairs = options.putObject("metadata");
      new TreeMap<>(metadata).forEach(pairs::put);
      String tail = json.writeValueAsString(options).substring(1);
      write(("]," + tail).getBytes(StandardCharsets.UTF_8));
    }
  }

  private void write(byte[] bytes) throws IOException {
    out.write(bytes);
    size += bytes.length;
  }

  private void write(char ascii) throws IOException {
    out.write(ascii);
    size++;
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}

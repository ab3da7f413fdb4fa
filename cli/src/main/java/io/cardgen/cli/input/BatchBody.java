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

  BatchBody(Path file, boolean wrapped) throws IOException {
    this.out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
    this.wrapped = wrapped;
    if (wrapped) {
      out.write("{\"items\":[\n".getBytes(StandardCharsets.UTF_8));
    }
  }

  String contentType() {
    return wrapped ? JSON : NDJSON;
  }

  void item(byte[] line) throws IOException {
    if (wrapped && !first) {
      out.write(',');
    }
    first = false;
    out.write(line);
    out.write('\n');
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
      out.write(("]," + tail).getBytes(StandardCharsets.UTF_8));
    }
  }

  @Override
  public void close() throws IOException {
    out.close();
  }
}

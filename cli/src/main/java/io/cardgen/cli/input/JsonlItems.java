package io.cardgen.cli.input;

import io.cardgen.cli.io.BoundedLines;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads batch-api §2's NDJSON form: one {@code {"custom_id", "request"}} object per line, blank
 * lines ignored. Local photo paths in {@code image_url} are inlined as in a CSV.
 */
final class JsonlItems implements ItemSource {

  /** A repeated key is refused by the server too; catching it here names the line. */
  private static final JsonMapper STRICT =
      JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  private final Path file;
  private final Photos photos;
  private final int maxLineChars;

  JsonlItems(Path file, Photos photos) {
    this(file, photos, MAX_ITEM_CHARS);
  }

  JsonlItems(Path file, Photos photos, int maxLineChars) {
    this.file = file;
    this.photos = photos;
    this.maxLineChars = maxLineChars;
  }

  @Override
  public void read(ItemSink sink, Problems problems) throws IOException {
    try (BoundedLines lines =
        new BoundedLines(Files.newBufferedReader(file, StandardCharsets.UTF_8), maxLineChars)) {
      while (true) {
        String line;
        try {
          line = lines.readLine();
        } catch (BoundedLines.TooLong tooLong) {
          problems.add(
              "line " + tooLong.line(),
              "this line of "
                  + file.getFileName()
                  + " is longer than "
                  + BoundedLines.describe(maxLineChars)
                  + ", more than one item can be (the service refuses an item over 32 MiB)");
          lines.skipRest();
          continue;
        }
        if (line == null) {
          return;
        }
        long number = lines.number();
        if (number == 1 && line.startsWith("\uFEFF")) {
          line = line.substring(1);
        }
        if (!line.isBlank()) {
          readLine(number, line, sink, problems);
        }
      }
    }
  }

  private void readLine(long number, String line, ItemSink sink, Problems problems)
      throws IOException {
    String origin = "line " + number;
    try {
      JsonNode item = parse(line);
      JsonNode customId = item.get("custom_id");
      if (customId == null || !customId.isString()) {
        throw new BadItem("custom_id must be a string");
      }
      if (!sink.wants(customId.asString())) {
        return;
      }
      origin += " (" + customId.asString() + ")";
      CustomIds.check(customId.asString());
      JsonNode request = item.get("request");
      if (request == null || !request.isObject()) {
        throw new BadItem("request must be a JSON object");
      }
      inlinePhotos((ObjectNode) request);
      sink.accept(origin, customId.asString(), (ObjectNode) request);
    } catch (BadItem bad) {
      problems.add(origin, bad.getMessage());
    }
  }

  private static JsonNode parse(String line) throws BadItem {
    try {
      JsonNode item = STRICT.readTree(line);
      if (item == null || !item.isObject()) {
        throw new BadItem("not a JSON object");
      }
      return item;
    } catch (JacksonException e) {
      throw new BadItem("not valid JSON: " + e.getOriginalMessage());
    }
  }

  private void inlinePhotos(ObjectNode request) throws BadItem {
    JsonNode images = request.get("image_url");
    if (images != null && images.isString()) {
      request.put("image_url", photos.resolve(images.asString()));
    } else if (images instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        if (array.get(i).isString()) {
          array.set(i, photos.resolve(array.get(i).asString()));
        }
      }
    }
  }
}

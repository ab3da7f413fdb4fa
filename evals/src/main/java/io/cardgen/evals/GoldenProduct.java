package io.cardgen.evals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * One product of the golden set (format in {@code evals/golden/README.md}).
 *
 * @param request the request body, photos not yet added
 * @param photos data URIs of the photos
 * @param facts what the card must say
 * @param mustNot claims the card must not make
 */
record GoldenProduct(
    String id,
    String category,
    String language,
    ObjectNode request,
    List<String> photos,
    List<Pattern> facts,
    List<Pattern> mustNot,
    List<String> keywords) {

  static List<GoldenProduct> load(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files
          .filter(file -> file.getFileName().toString().endsWith(".json"))
          .sorted()
          .map(file -> read(dir, file))
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the golden set in " + dir, e);
    }
  }

  /** The request as sent: the golden request with its photos as data URIs. */
  ObjectNode body() {
    ObjectNode body = request.deepCopy();
    photos.forEach(body.putArray("image_url")::add);
    return body;
  }

  int length() {
    return request.path("length").asInt(300);
  }

  /** Everything the seller said about the product: what the card may state. */
  String input() {
    StringBuilder text = new StringBuilder(request.path("short_description").asString(""));
    request
        .path("product_facts")
        .values()
        .forEach(fact -> text.append('\n').append(fact.asString()));
    return text.toString();
  }

  /**
   * Whether the seller gave a {@code certificates} fact, which supports a word like "certified".
   */
  boolean certificatesFact() {
    return !request.path("product_facts").path("certificates").asString("").isBlank();
  }

  private static GoldenProduct read(Path dir, Path file) {
    JsonNode root = Json.MAPPER.readTree(file.toFile());
    List<String> photos = new ArrayList<>();
    for (JsonNode photo : root.path("photos").values()) {
      photos.add(dataUri(dir.resolve(photo.asString())));
    }
    ObjectNode request = (ObjectNode) root.path("request");
    return new GoldenProduct(
        root.path("id").asString(),
        root.path("category").asString(),
        root.path("language").asString(),
        request,
        List.copyOf(photos),
        patterns(root.path("expect").path("facts")),
        patterns(root.path("expect").path("must_not")),
        Stream.of(request.path("keywords").asString("").split(","))
            .map(String::strip)
            .filter(keyword -> !keyword.isEmpty())
            .toList());
  }

  private static List<Pattern> patterns(JsonNode list) {
    return list.values().stream()
        .map(
            node ->
                Pattern.compile(node.asString(), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE))
        .toList();
  }

  private static String dataUri(Path photo) {
    try {
      String name = photo.getFileName().toString().toLowerCase(Locale.ROOT);
      String type = name.endsWith(".png") ? "png" : name.endsWith(".webp") ? "webp" : "jpeg";
      return "data:image/"
          + type
          + ";base64,"
          + Base64.getEncoder().encodeToString(Files.readAllBytes(photo));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read photo " + photo, e);
    }
  }
}

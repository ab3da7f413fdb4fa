package io.cardgen.evals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
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
    List<Expectation> facts,
    List<Expectation> mustNot,
    List<String> keywords) {

  /**
   * One pattern of {@code expect}: matched with ё folded into е on both sides, reported as the
   * golden file wrote it.
   */
  record Expectation(String written, Pattern pattern) {

    /** Whether {@code text}, already {@link #fold folded}, matches. */
    boolean foundIn(String foldedText) {
      return pattern.matcher(foldedText).find();
    }
  }

  private static final Set<String> LANGUAGES = Set.of("ru", "en");

  /**
   * Every product of the directory, by file name.
   *
   * @throws IllegalArgumentException naming the file and the field, for a product not as the README
   *     says
   */
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

  /** Folds ё into е, as Russian writers do freely, so that neither spelling hides a match. */
  static String fold(String text) {
    return text.replace('ё', 'е').replace('Ё', 'Е');
  }

  private static GoldenProduct read(Path dir, Path file) {
    try {
      return parse(dir, file);
    } catch (RuntimeException e) {
      throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
    }
  }

  private static GoldenProduct parse(Path dir, Path file) {
    JsonNode root = Json.MAPPER.readTree(file.toFile());
    String id = text(root, "id");
    if (!file.getFileName().toString().equals(id + ".json")) {
      throw new IllegalArgumentException("id \"" + id + "\" is not the file's name");
    }
    String language = text(root, "language");
    if (!LANGUAGES.contains(language)) {
      throw new IllegalArgumentException("language must be one of " + LANGUAGES);
    }
    if (!(root.path("request") instanceof ObjectNode request)
        || request.path("short_description").asString("").isBlank()) {
      throw new IllegalArgumentException("request with a short_description is required");
    }
    if (!root.path("photos").isArray() || root.path("photos").isEmpty()) {
      throw new IllegalArgumentException("photos must list at least one file");
    }
    List<String> photos = new ArrayList<>();
    for (JsonNode photo : root.path("photos").values()) {
      photos.add(dataUri(inside(dir, photo.asString())));
    }
    return new GoldenProduct(
        id,
        text(root, "category"),
        language,
        request,
        List.copyOf(photos),
        patterns(root.path("expect"), "facts"),
        patterns(root.path("expect"), "must_not"),
        Stream.of(request.path("keywords").asString("").split(","))
            .map(String::strip)
            .filter(keyword -> !keyword.isEmpty())
            .toList());
  }

  private static String text(JsonNode root, String field) {
    String value = root.path(field).asString("");
    if (value.isBlank()) {
      throw new IllegalArgumentException(field + " is required");
    }
    return value;
  }

  /**
   * A photo path of the golden directory: relative, and not leading out of it, neither by its name
   * nor through a symbolic link (the eval sends the file's bytes to the service it runs against).
   */
  private static Path inside(Path dir, String photo) {
    Path base = dir.toAbsolutePath().normalize();
    Path path = base.resolve(photo).normalize();
    if (photo.isBlank() || Path.of(photo).isAbsolute() || !path.startsWith(base)) {
      throw new IllegalArgumentException("photo \"" + photo + "\" is not inside " + dir);
    }
    try {
      if (!path.toRealPath().startsWith(base.toRealPath())) {
        throw new IllegalArgumentException(
            "photo \"" + photo + "\" links to a file outside " + dir);
      }
    } catch (IOException e) {
      throw new IllegalArgumentException("photo \"" + photo + "\" cannot be read: " + e, e);
    }
    return path;
  }

  private static List<Expectation> patterns(JsonNode expect, String field) {
    if (!expect.path(field).isArray()) {
      throw new IllegalArgumentException("expect." + field + " must be a list");
    }
    List<Expectation> patterns = new ArrayList<>();
    for (JsonNode node : expect.path(field).values()) {
      try {
        patterns.add(
            new Expectation(
                node.asString(),
                Pattern.compile(
                    fold(node.asString()), Pattern.CASE_INSENSITIVE | Pattern.UNICODE_CASE)));
      } catch (PatternSyntaxException e) {
        throw new IllegalArgumentException(
            "expect." + field + " has an invalid pattern: " + e.getDescription(), e);
      }
    }
    return List.copyOf(patterns);
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

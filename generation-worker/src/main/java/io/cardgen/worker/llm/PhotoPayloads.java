package io.cardgen.worker.llm;

import dev.langchain4j.data.image.Image;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Puts the photos into the provider's request as bytes, after langchain4j has written it, instead
 * of as base64 strings that langchain4j formats into a data URL, escapes into JSON, turns into a
 * UTF-16 string (the prompt is Russian) and that the HTTP client then encodes back to UTF-8: for a
 * 100 KB photo that was five copies of 140 000 characters and a tenth of a card's CPU (ADR 0026).
 *
 * <p>The messages carry a placeholder URL per photo, {@code cardgen-photo:<random UUID>}, valid
 * while the card's {@link Lease} is open; {@link ProviderHttpClient} replaces each placeholder it
 * finds registered with the photo's {@code data:} URL, base64-encoded straight into the body's
 * bytes. Placeholders are unguessable, so a description that quotes one is left as written, and
 * registered only for the card being written, so nothing else can be substituted into a request.
 * Thread-safe.
 */
final class PhotoPayloads {

  static final String SCHEME = "cardgen-photo:";
  private static final int TOKEN_LENGTH = 36;

  private final Map<String, PhotoInput> registered = new ConcurrentHashMap<>();

  /** Registers a card's photos until the lease is closed. */
  Lease lease(List<PhotoInput> photos) {
    List<String> tokens = new ArrayList<>(photos.size());
    List<Image> images = new ArrayList<>(photos.size());
    for (PhotoInput photo : photos) {
      String token = UUID.randomUUID().toString();
      registered.put(token, photo);
      tokens.add(token);
      images.add(
          Image.builder().url(URI.create(SCHEME + token)).mimeType(photo.mimeType()).build());
    }
    return new Lease(tokens, images);
  }

  /** {@code body} as UTF-8, with every registered placeholder replaced by its photo's data URL. */
  byte[] resolve(String body) {
    int at = body.indexOf(SCHEME);
    if (at < 0) {
      return body.getBytes(StandardCharsets.UTF_8);
    }
    List<byte[]> pieces = new ArrayList<>();
    int copied = 0;
    while (at >= 0) {
      int end = at + SCHEME.length() + TOKEN_LENGTH;
      PhotoInput photo =
          end <= body.length() ? registered.get(body.substring(at + SCHEME.length(), end)) : null;
      if (photo != null) {
        pieces.add(body.substring(copied, at).getBytes(StandardCharsets.UTF_8));
        pieces.add(("data:" + photo.mimeType() + ";base64,").getBytes(StandardCharsets.US_ASCII));
        pieces.add(Base64.getEncoder().encode(photo.bytes()));
        copied = end;
      }
      at = body.indexOf(SCHEME, photo != null ? end : at + 1);
    }
    pieces.add(body.substring(copied).getBytes(StandardCharsets.UTF_8));
    return concat(pieces);
  }

  int registered() {
    return registered.size();
  }

  private static byte[] concat(List<byte[]> pieces) {
    int length = 0;
    for (byte[] piece : pieces) {
      length += piece.length;
    }
    byte[] out = new byte[length];
    int written = 0;
    for (byte[] piece : pieces) {
      System.arraycopy(piece, 0, out, written, piece.length);
      written += piece.length;
    }
    return out;
  }

  /** One card's photos as placeholder images; closing it unregisters them. */
  final class Lease implements AutoCloseable {

    private final List<String> tokens;
    private final List<Image> images;

    private Lease(List<String> tokens, List<Image> images) {
      this.tokens = tokens;
      this.images = List.copyOf(images);
    }

    /** The photos, in order, as images whose URL the provider's request resolves. */
    List<Image> images() {
      return images;
    }

    @Override
    public void close() {
      tokens.forEach(registered::remove);
    }
  }
}

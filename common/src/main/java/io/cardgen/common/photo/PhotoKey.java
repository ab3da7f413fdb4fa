package io.cardgen.common.photo;

import java.util.Optional;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where a photo lives in the bucket: {@code products/<dir>/<file>.<ext>}, the shape clients see in
 * a card's {@code images} (spec §2.2). The extension always comes from the sniffed format. Both
 * segments are restricted to a safe alphabet so a key can never climb out of {@code products/}.
 */
public record PhotoKey(String dir, String file, ImageFormat format) {

  private static final String PREFIX = "products/";
  private static final Pattern DIR = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");
  private static final Pattern FILE = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_-]{0,127}");
  private static final Pattern KEY = Pattern.compile("products/([^/]+)/([^/.]+)\\.([a-z]+)");

  public PhotoKey {
    if (!DIR.matcher(dir).matches()) {
      throw new IllegalArgumentException("photo directory must match " + DIR + ": " + dir);
    }
    if (!FILE.matcher(file).matches()) {
      throw new IllegalArgumentException("photo file name must match " + FILE + ": " + file);
    }
  }

  /** A key for a new photo: the file name is {@code id} as 32 hex digits without dashes. */
  public static PhotoKey of(String dir, UUID id, ImageFormat format) {
    return new PhotoKey(dir, id.toString().replace("-", ""), format);
  }

  /** The key stored at {@code value}, if it has this record's shape. */
  public static Optional<PhotoKey> parse(String value) {
    Matcher matcher = KEY.matcher(value);
    if (!matcher.matches()
        || !DIR.matcher(matcher.group(1)).matches()
        || !FILE.matcher(matcher.group(2)).matches()) {
      return Optional.empty();
    }
    return ImageFormat.ofExtension(matcher.group(3))
        .map(format -> new PhotoKey(matcher.group(1), matcher.group(2), format));
  }

  /** The object key. */
  public String value() {
    return PREFIX + dir + "/" + file + "." + format.extension();
  }

  @Override
  public String toString() {
    return value();
  }
}

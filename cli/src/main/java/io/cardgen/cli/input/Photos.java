package io.cardgen.cli.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;

/**
 * Turns the photo references of an input file into {@code image_url} values: http(s) links and data
 * URIs pass through, a local file is read and inlined as a data URI, anything else is left for the
 * server to judge as bare base64. Relative paths are relative to the input file, so a folder of
 * photos travels with its spreadsheet.
 */
final class Photos {

  private static final List<String> IMAGE_EXTENSIONS =
      List.of(".jpg", ".jpeg", ".png", ".webp", ".gif");

  private final Path baseDir;
  private final long maxBytes;

  Photos(Path baseDir, long maxBytes) {
    this.baseDir = baseDir;
    this.maxBytes = maxBytes;
  }

  /**
   * Splits one spreadsheet cell into references: {@code |} or {@code ;} separate them, except the
   * {@code ;} of a data URI's {@code ;base64,}.
   */
  static List<String> split(String cell) {
    List<String> references = new ArrayList<>();
    int start = 0;
    for (int i = 0; i <= cell.length(); i++) {
      boolean end = i == cell.length();
      char c = end ? 0 : cell.charAt(i);
      if (end || c == '|' || (c == ';' && !cell.startsWith("base64,", i + 1))) {
        String reference = cell.substring(start, i).trim();
        if (!reference.isEmpty()) {
          references.add(reference);
        }
        start = i + 1;
      }
    }
    return references;
  }

  String resolve(String reference) throws BadItem {
    String lower = reference.toLowerCase(Locale.ROOT);
    if (lower.startsWith("http://") || lower.startsWith("https://") || lower.startsWith("data:")) {
      return reference;
    }
    Path file = localFile(reference);
    if (file != null && Files.isRegularFile(file)) {
      return inline(file);
    }
    if (IMAGE_EXTENSIONS.stream().anyMatch(lower::endsWith)) {
      throw new BadItem("photo file not found: " + reference);
    }
    return reference;
  }

  private Path localFile(String reference) {
    try {
      Path path = Path.of(reference.startsWith("file://") ? reference.substring(7) : reference);
      return path.isAbsolute() ? path : baseDir.resolve(path);
    } catch (InvalidPathException notAPath) {
      return null;
    }
  }

  private String inline(Path file) throws BadItem {
    byte[] bytes;
    try {
      long size = Files.size(file);
      if (size > maxBytes) {
        throw new BadItem(
            "photo "
                + file.getFileName()
                + " is "
                + size
                + " bytes, over the limit of "
                + maxBytes);
      }
      try (InputStream in = Files.newInputStream(file)) {
        bytes = in.readNBytes((int) maxBytes + 1);
      }
    } catch (IOException e) {
      throw new BadItem("cannot read photo " + file + ": " + e.getMessage());
    }
    if (bytes.length > maxBytes) {
      throw new BadItem("photo " + file.getFileName() + " is over the limit of " + maxBytes);
    }
    String type = ImageType.of(bytes);
    if (type == null) {
      throw new BadItem("photo " + file.getFileName() + " is not a JPEG, PNG, WebP or GIF image");
    }
    return "data:" + type + ";base64," + Base64.getEncoder().encodeToString(bytes);
  }
}

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
 *
 * <p>Only files in the input file's folder or below are read: the spreadsheet often comes from a
 * supplier, and a reference of its choosing must not make the user upload any picture on their
 * disk. An absolute path, a {@code file:} link, a path that leads out with {@code ..} and a link
 * (symlink) that points out are refused unless {@code anywhere} is set ({@code
 * --allow-photos-anywhere}).
 */
final class Photos {

  private static final List<String> IMAGE_EXTENSIONS =
      List.of(".jpg", ".jpeg", ".png", ".webp", ".gif");

  private static final String ALLOW = "pass --allow-photos-anywhere if you trust the file";

  private final Path baseDir;
  private final long maxBytes;
  private final boolean anywhere;
  private Path realBaseDir;

  Photos(Path baseDir, long maxBytes) {
    this(baseDir, maxBytes, false);
  }

  /**
   * @param anywhere whether files outside {@code baseDir} may be read too
   */
  Photos(Path baseDir, long maxBytes, boolean anywhere) {
    this.baseDir = baseDir.toAbsolutePath().normalize();
    this.maxBytes = maxBytes;
    this.anywhere = anywhere;
  }

  /**
   * Splits one spreadsheet cell into references: {@code |}, {@code ;} or a line break (Alt+Enter in
   * Excel) separate them, except the {@code ;} of a data URI's {@code ;base64,}.
   */
  static List<String> split(String cell) {
    List<String> references = new ArrayList<>();
    int start = 0;
    for (int i = 0; i <= cell.length(); i++) {
      boolean end = i == cell.length();
      char c = end ? 0 : cell.charAt(i);
      if (end
          || c == '|'
          || c == '\n'
          || c == '\r'
          || (c == ';' && !cell.startsWith("base64,", i + 1))) {
        String reference = cell.substring(start, i).trim();
        if (!reference.isEmpty()) {
          references.add(reference);
        }
        start = i + 1;
      }
    }
    return references;
  }

  /**
   * A link holds no space and no second scheme: "https://a/1.jpg, https://a/2.jpg" is two photos
   * separated the wrong way, which the service would refuse as one invalid link (or, without the
   * space, fetch as one missing photo) without saying why.
   */
  private static String oneLink(String reference, String lower) throws BadItem {
    boolean spaced = reference.chars().anyMatch(Character::isWhitespace);
    // A link in the query is an image proxy's (https://images.weserv.nl/?url=https://…): fine.
    int query = lower.indexOf('?') >= 0 ? lower.indexOf('?') : lower.length();
    int second = lower.indexOf("://", lower.indexOf("://") + 3);
    if (spaced || (second >= 0 && second < query)) {
      throw new BadItem(
          "photo link "
              + reference
              + (spaced ? " has a space in it" : " holds more than one link")
              + "; separate photos with |, ; or a line break within the cell");
    }
    return reference;
  }

  String resolve(String reference) throws BadItem {
    String lower = reference.toLowerCase(Locale.ROOT);
    if (lower.startsWith("http://") || lower.startsWith("https://")) {
      return oneLink(reference, lower);
    }
    if (lower.startsWith("data:")) {
      return reference;
    }
    boolean fileLink = lower.startsWith("file:");
    boolean image = IMAGE_EXTENSIONS.stream().anyMatch(lower::endsWith);
    Path path = path(reference.startsWith("file://") ? reference.substring(7) : reference);
    if (path == null) {
      if (fileLink) {
        throw new BadItem("photo " + reference + " is not a file path");
      }
      return reference;
    }
    Path file = baseDir.resolve(path).normalize();
    boolean outside = fileLink || path.isAbsolute() || !file.startsWith(baseDir);
    if (outside && !anywhere) {
      if (fileLink || image || Files.exists(file)) {
        throw new BadItem(
            "photo "
                + reference
                + " is not in the input file's folder: only photos in "
                + baseDir
                + " or below are read (no absolute paths, file: links or ..); "
                + ALLOW);
      }
      return reference;
    }
    if (!Files.isRegularFile(file)) {
      if (image) {
        throw new BadItem("photo file not found: " + reference);
      }
      return reference;
    }
    return inline(anywhere ? file : inside(reference, file));
  }

  private static Path path(String reference) {
    try {
      return Path.of(reference);
    } catch (InvalidPathException notAPath) {
      return null;
    }
  }

  /** The file itself, once every link on its way is known to stay in the input file's folder. */
  private Path inside(String reference, Path file) throws BadItem {
    Path real;
    try {
      if (realBaseDir == null) {
        realBaseDir = baseDir.toRealPath();
      }
      real = file.toRealPath();
    } catch (IOException e) {
      throw new BadItem("cannot read photo " + reference + ": " + e.getMessage());
    }
    if (!real.startsWith(realBaseDir)) {
      throw new BadItem(
          "photo "
              + reference
              + " is a link to "
              + real
              + ", out of the input file's folder: only photos in "
              + baseDir
              + " or below are read; "
              + ALLOW);
    }
    return real;
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

package io.cardgen.cli.input;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The encoding of a CSV file given without {@code --encoding}. Excel writes "CSV UTF-8" with a byte
 * order mark, but its plain "CSV" on a Russian Windows in windows-1251, and "Unicode text" in
 * UTF-16: a file with a UTF-16 byte order mark is UTF-16; one with the UTF-8 mark, or with no byte
 * beyond ASCII, or whose bytes beyond ASCII are mostly well-formed UTF-8, is UTF-8; anything else
 * is taken as windows-1251, with a warning that says so and how to choose.
 */
final class CsvEncoding {

  static final Charset WINDOWS_1251 = Charset.forName("windows-1251");

  /** Bytes beyond ASCII per one that cannot be UTF-8, at least, in a UTF-8 file. */
  private static final int MOSTLY = 4;

  private CsvEncoding() {}

  static Charset detect(Path file, Consumer<String> warnings) throws IOException {
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
      int first = in.read();
      int second = in.read();
      if (first == 0xFF && second == 0xFE) {
        return StandardCharsets.UTF_16LE;
      }
      if (first == 0xFE && second == 0xFF) {
        return StandardCharsets.UTF_16BE;
      }
      if (first == 0xEF && second == 0xBB) {
        // The UTF-8 byte order mark: UTF-8, whatever bad bytes follow (they are reported).
        return StandardCharsets.UTF_8;
      }
      Utf8Scan scan = new Utf8Scan();
      scan.next(first);
      scan.next(second);
      for (int b = in.read(); b >= 0; b = in.read()) {
        scan.next(b);
      }
      // Mostly UTF-8 letters make it UTF-8: a stray byte among them is a fault to report by its
      // row, not a reason to read every letter of the file as mojibake, however few letters there
      // are (a review's file had four). The proportion, not the mere presence: in windows-1251 a
      // capital before « » Ё № or a dash ("«ТОВАР»": Р» is D0 BB) happens to be a well-formed UTF-8
      // pair, but nearly every other byte beyond ASCII there is a letter that cannot be UTF-8.
      if (scan.invalid == 0 || (scan.multiByte >= 2 && scan.beyondAscii >= MOSTLY * scan.invalid)) {
        return StandardCharsets.UTF_8;
      }
    }
    warnings.accept(
        file.getFileName()
            + " is not UTF-8 text; it is read as windows-1251 (Russian Excel's \"CSV\")."
            + " If its letters look wrong, pass --encoding, or save it as \"CSV UTF-8\"");
    return WINDOWS_1251;
  }

  /**
   * Counts bytes beyond ASCII, well-formed multi-byte UTF-8 sequences and bytes that cannot be
   * UTF-8.
   */
  private static final class Utf8Scan {
    long beyondAscii;
    long multiByte;
    long invalid;
    private int expected;

    void next(int b) {
      if (b < 0) {
        return;
      }
      if (b >= 0x80) {
        beyondAscii++;
      }
      if (expected > 0) {
        if ((b & 0xC0) == 0x80) {
          if (--expected == 0) {
            multiByte++;
          }
          return;
        }
        invalid++;
        expected = 0;
      }
      if (b < 0x80) {
        return;
      }
      if (b >= 0xC2 && b <= 0xDF) {
        expected = 1;
      } else if (b >= 0xE0 && b <= 0xEF) {
        expected = 2;
      } else if (b >= 0xF0 && b <= 0xF4) {
        expected = 3;
      } else {
        invalid++;
      }
    }
  }
}

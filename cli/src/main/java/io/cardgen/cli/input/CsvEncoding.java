package io.cardgen.cli.input;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.Charset;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/**
 * The encoding of a CSV file given without {@code --encoding}. Excel writes "CSV UTF-8" with a byte
 * order mark, but its plain "CSV" on a Russian Windows in windows-1251, and "Unicode text" in
 * UTF-16: a file with a UTF-16 byte order mark is UTF-16, one that is valid UTF-8 throughout is
 * UTF-8, and anything else is taken as windows-1251, with a warning that says so and how to choose.
 */
final class CsvEncoding {

  static final Charset WINDOWS_1251 = Charset.forName("windows-1251");

  private CsvEncoding() {}

  static Charset detect(Path file, Consumer<String> warnings) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      byte[] start = in.readNBytes(2);
      if (start.length == 2 && (start[0] & 0xFF) == 0xFF && (start[1] & 0xFF) == 0xFE) {
        return StandardCharsets.UTF_16LE;
      }
      if (start.length == 2 && (start[0] & 0xFF) == 0xFE && (start[1] & 0xFF) == 0xFF) {
        return StandardCharsets.UTF_16BE;
      }
    }
    if (isUtf8(file)) {
      return StandardCharsets.UTF_8;
    }
    warnings.accept(
        file.getFileName()
            + " is not UTF-8 text; it is read as windows-1251 (Russian Excel's \"CSV\")."
            + " If its letters look wrong, pass --encoding, or save it as \"CSV UTF-8\"");
    return WINDOWS_1251;
  }

  /** Decodes the whole file, a buffer at a time: memory stays flat however large it is. */
  private static boolean isUtf8(Path file) throws IOException {
    CharsetDecoder decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    ByteBuffer bytes = ByteBuffer.allocate(1 << 16);
    CharBuffer chars = CharBuffer.allocate(1 << 16);
    try (InputStream in = Files.newInputStream(file)) {
      boolean end = false;
      while (!end) {
        int read = in.read(bytes.array(), bytes.position(), bytes.remaining());
        end = read < 0;
        if (!end) {
          bytes.position(bytes.position() + read);
        }
        bytes.flip();
        CoderResult result = decoder.decode(bytes, chars, end);
        if (result.isError()) {
          return false;
        }
        chars.clear();
        bytes.compact();
      }
      return !decoder.flush(chars).isError();
    }
  }
}

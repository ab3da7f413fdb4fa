package io.cardgen.cli.results;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The end of an output file an interrupted run left behind: where its last complete record ends
 * (anything after it is half-written) and that record's text. One sequential scan, constant memory.
 */
record Tail(long completeLength, String lastRecord) {

  static Tail of(Path file, byte[] terminator) throws IOException {
    long position = 0;
    long lastEnd = 0;
    long previousEnd = 0;
    int matched = 0;
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
      int b;
      while ((b = in.read()) != -1) {
        position++;
        matched = b == terminator[matched] ? matched + 1 : (b == terminator[0] ? 1 : 0);
        if (matched == terminator.length) {
          previousEnd = lastEnd;
          lastEnd = position;
          matched = 0;
        }
      }
    }
    if (lastEnd == 0) {
      return new Tail(0, null);
    }
    byte[] record = new byte[(int) (lastEnd - terminator.length - previousEnd)];
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "r")) {
      raf.seek(previousEnd);
      raf.readFully(record);
    }
    return new Tail(lastEnd, new String(record, StandardCharsets.UTF_8));
  }
}

package io.cardgen.cli.results;

import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The end of an output file an interrupted run left behind: where its last complete record ends
 * (anything after it is half-written). One sequential scan, constant memory.
 */
final class Tail {

  private Tail() {}

  /** The length up to and including the last {@code terminator}; 0 when there is none. */
  static long completeLength(Path file, byte[] terminator) throws IOException {
    long position = 0;
    long lastEnd = 0;
    int matched = 0;
    try (InputStream in = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
      int b;
      while ((b = in.read()) != -1) {
        position++;
        matched = b == terminator[matched] ? matched + 1 : (b == terminator[0] ? 1 : 0);
        if (matched == terminator.length) {
          lastEnd = position;
          matched = 0;
        }
      }
    }
    return lastEnd;
  }

  /** The file's first {@code length} bytes: its complete records, without a half-written tail. */
  static InputStream completeRecords(Path file, long length) throws IOException {
    return new FilterInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
      private long left = length;

      @Override
      public int read() throws IOException {
        if (left <= 0) {
          return -1;
        }
        int b = super.read();
        if (b >= 0) {
          left--;
        }
        return b;
      }

      @Override
      public int read(byte[] bytes, int offset, int length) throws IOException {
        if (left <= 0) {
          return -1;
        }
        int read = super.read(bytes, offset, (int) Math.min(length, left));
        if (read > 0) {
          left -= read;
        }
        return read;
      }
    };
  }
}

package io.cardgen.cli.input;

import java.io.FilterReader;
import java.io.IOException;
import java.io.Reader;

/**
 * Stops the CSV parser once one row has taken more than a bound, before a cell that never ends (an
 * opening quote never closed, a file without line breaks) fills the heap. The parser reads ahead by
 * one buffer, so the bound holds within a few thousand characters: what it measures is what the
 * parser took since the row before was handed out ({@link #nextRow()}).
 */
final class RowLimit extends FilterReader {

  private final long maxChars;
  private long taken;
  private long rowStart;

  RowLimit(Reader in, long maxChars) {
    super(in);
    this.maxChars = maxChars;
  }

  /** A row was handed out: what the parser takes from now on counts for the next one. */
  void nextRow() {
    rowStart = taken;
  }

  @Override
  public int read() throws IOException {
    left();
    int read = super.read();
    if (read >= 0) {
      taken++;
    }
    return read;
  }

  @Override
  public int read(char[] chars, int offset, int length) throws IOException {
    int read = super.read(chars, offset, (int) Math.min(length, left()));
    if (read > 0) {
      taken += read;
    }
    return read;
  }

  @Override
  public long skip(long count) throws IOException {
    long skipped = super.skip(Math.min(count, left()));
    taken += skipped;
    return skipped;
  }

  /** Mark and reset would read the same characters twice, past the count. */
  @Override
  public boolean markSupported() {
    return false;
  }

  @Override
  public void mark(int readAheadLimit) throws IOException {
    throw new IOException("mark not supported");
  }

  @Override
  public void reset() throws IOException {
    throw new IOException("reset not supported");
  }

  private long left() throws TooLong {
    long left = rowStart + maxChars - taken;
    if (left <= 0) {
      throw new TooLong();
    }
    return left;
  }

  /** The row being read is over the bound. */
  static final class TooLong extends IOException {
    TooLong() {
      super("a row is over the limit", null);
    }
  }
}

package io.cardgen.cli.io;

import java.io.Closeable;
import java.io.IOException;
import java.io.Reader;

/**
 * Reads lines as {@link java.io.BufferedReader#readLine()} does — LF, CR or CRLF ends one, the last
 * may end without — but refuses a line longer than a bound instead of growing without one: a file
 * or a stream that never ends its line would otherwise fill the heap before anything could check
 * it.
 */
public final class BoundedLines implements Closeable {

  private final Reader in;
  private final int maxChars;
  private final char[] buffer = new char[8192];
  private int position;
  private int end;
  private boolean skipLineFeed;
  private long number;

  /**
   * @param maxChars the longest line taken, in characters (UTF-16 units), without its terminator
   */
  public BoundedLines(Reader in, int maxChars) {
    this.in = in;
    this.maxChars = maxChars;
  }

  /**
   * The next line without its terminator, or null at the end.
   *
   * @throws TooLong when the line is longer than the bound: it counts as read (see {@link
   *     #number()}) but stays unread; {@link #skipRest()} moves on to the next line
   */
  public String readLine() throws IOException {
    StringBuilder line = new StringBuilder();
    boolean started = false;
    while (true) {
      if (position == end && !fill()) {
        if (!started) {
          return null;
        }
        number++;
        return line.toString();
      }
      if (skipLineFeed) {
        skipLineFeed = false;
        if (buffer[position] == '\n') {
          position++;
          continue;
        }
      }
      started = true;
      int start = position;
      while (position < end && buffer[position] != '\n' && buffer[position] != '\r') {
        position++;
      }
      int length = position - start;
      if (line.length() + length > maxChars) {
        number++;
        throw new TooLong(number, maxChars);
      }
      line.append(buffer, start, length);
      if (position < end) {
        skipLineFeed = buffer[position++] == '\r';
        number++;
        return line.toString();
      }
    }
  }

  /** Skips what is left of the current line, in constant memory, up to and with its end. */
  public void skipRest() throws IOException {
    while (position < end || fill()) {
      char c = buffer[position++];
      if (c == '\n') {
        return;
      }
      if (c == '\r') {
        skipLineFeed = true;
        return;
      }
    }
  }

  /** How many lines were read (or refused) so far: the number of the last one. */
  public long number() {
    return number;
  }

  /** A bound for a message: {@code 64M characters}, {@code 200 characters}. */
  public static String describe(long chars) {
    return chars % (1 << 20) == 0 ? (chars >> 20) + "M characters" : chars + " characters";
  }

  private boolean fill() throws IOException {
    int read;
    do {
      read = in.read(buffer, 0, buffer.length);
    } while (read == 0);
    if (read < 0) {
      position = 0;
      end = 0;
      return false;
    }
    position = 0;
    end = read;
    return true;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  /** A line longer than the bound. */
  public static final class TooLong extends IOException {

    private final long line;
    private final int maxChars;

    TooLong(long line, int maxChars) {
      super("line " + line + " is longer than " + maxChars + " characters");
      this.line = line;
      this.maxChars = maxChars;
    }

    /** The line's number, counting from 1. */
    public long line() {
      return line;
    }

    public int maxChars() {
      return maxChars;
    }
  }
}

package io.cardgen.cli.input;

import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The text of the cells of one sheet row, bounded like a CSV row ({@link
 * ItemSource#MAX_ITEM_CHARS}): past the bound the row is over, and what comes after is dropped
 * rather than held.
 */
final class RowText implements XlsxText.Sink {

  /** How {@link XlsxText} reads an element. */
  interface ElementReader {
    boolean read(XMLStreamReader xml, XlsxText.Sink sink) throws XMLStreamException;
  }

  private final long maxChars;
  private final StringBuilder text = new StringBuilder();
  private long left;

  RowText(long maxChars) {
    this.maxChars = maxChars;
  }

  /** A new row starts with the whole bound. */
  void nextRow() {
    left = maxChars;
  }

  boolean over() {
    return left < 0;
  }

  /** The text of the current element, read by {@code reader}; partial once the row is over. */
  String read(XMLStreamReader xml, ElementReader reader) throws XMLStreamException {
    text.setLength(0);
    reader.read(xml, this);
    return text.toString();
  }

  /** Counts text taken from elsewhere (a shared string); false, and over, past the bound. */
  boolean take(long length) {
    if (length > left) {
      left = -1;
      return false;
    }
    left -= length;
    return true;
  }

  @Override
  public boolean take(char[] chars, int start, int length) {
    if (!take(length)) {
      return false;
    }
    text.append(chars, start, length);
    return true;
  }
}

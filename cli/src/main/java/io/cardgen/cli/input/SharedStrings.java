package io.cardgen.cli.input;

import io.cardgen.cli.io.BoundedLines;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The shared strings of a workbook, which text cells point at by index. Unlike the sheet, they must
 * be held for the whole reading, so they are held compactly (their characters in blocks, one end
 * offset per string) and within {@link XlsxLimits}; the count the file declares is never trusted.
 */
final class SharedStrings implements XlsxText.Sink {

  private static final int BLOCK = 256 * 1024;

  private final long maxChars;
  private final int maxStrings;
  private final List<char[]> blocks = new ArrayList<>();
  private int[] ends = new int[1024];
  private int count;
  private int length;

  private SharedStrings(XlsxLimits limits) {
    this.maxChars = Math.min(limits.sharedChars(), Integer.MAX_VALUE);
    this.maxStrings = limits.sharedStrings();
  }

  /** The strings of {@code part}; none if the workbook has no such part. */
  static SharedStrings read(XlsxPackage xlsx, String part, XlsxLimits limits)
      throws IOException, UnreadableWorkbook {
    SharedStrings strings = new SharedStrings(limits);
    if (part != null) {
      xlsx.read(part, strings::readAll);
    }
    return strings;
  }

  int size() {
    return count;
  }

  /** The length of string {@code index} as stored, before {@link XlsxText#unescape}. */
  int length(int index) {
    return ends[index] - start(index);
  }

  String get(int index) {
    int start = start(index);
    char[] text = new char[ends[index] - start];
    for (int at = start; at < ends[index]; ) {
      int offset = at % BLOCK;
      int piece = Math.min(ends[index] - at, BLOCK - offset);
      System.arraycopy(blocks.get(at / BLOCK), offset, text, at - start, piece);
      at += piece;
    }
    return XlsxText.unescape(new String(text));
  }

  @Override
  public boolean take(char[] chars, int start, int pieceLength) {
    if (length + (long) pieceLength > maxChars) {
      return false;
    }
    for (int from = start, left = pieceLength; left > 0; ) {
      if (length / BLOCK == blocks.size()) {
        blocks.add(new char[BLOCK]);
      }
      int offset = length % BLOCK;
      int piece = Math.min(left, BLOCK - offset);
      System.arraycopy(chars, from, blocks.get(length / BLOCK), offset, piece);
      from += piece;
      left -= piece;
      length += piece;
    }
    return true;
  }

  private Void readAll(XMLStreamReader xml) throws XMLStreamException, UnreadableWorkbook {
    for (int depth = 1; depth > 0; ) {
      int event = xml.next();
      if (event == XMLStreamConstants.START_ELEMENT && xml.getLocalName().equals("si")) {
        add(xml);
      } else if (event == XMLStreamConstants.START_ELEMENT) {
        depth++;
      } else if (event == XMLStreamConstants.END_ELEMENT) {
        depth--;
      }
    }
    return null;
  }

  private void add(XMLStreamReader xml) throws XMLStreamException, UnreadableWorkbook {
    if (count == maxStrings) {
      throw new UnreadableWorkbook(
          "the file holds more than "
              + maxStrings
              + " shared strings (the texts of its cells), more than cardgen holds in memory:"
              + " split the products into several files, or save the sheet as CSV");
    }
    if (!XlsxText.rich(xml, this)) {
      throw new UnreadableWorkbook(
          "the shared strings of the file (the texts of the cells of all its sheets) hold more"
              + " than "
              + BoundedLines.describe(maxChars)
              + ", more than cardgen holds in memory: split the products into several files, or"
              + " save the sheet as CSV");
    }
    if (count == ends.length) {
      ends = Arrays.copyOf(ends, Math.min(count * 2, maxStrings));
    }
    ends[count++] = length;
  }

  private int start(int index) {
    return index == 0 ? 0 : ends[index - 1];
  }
}

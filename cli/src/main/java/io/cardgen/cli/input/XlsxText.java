package io.cardgen.cli.input;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads the text of SpreadsheetML elements into a bounded {@link Sink}, so that one huge cell
 * cannot fill the heap: the JDK's parser hands text over in pieces of at most 16K characters, and
 * what comes past the bound is dropped, never kept. Every element is read from its start tag to its
 * end tag.
 */
final class XlsxText {

  /** Receives text as the parser hands it over. */
  interface Sink {
    /** Takes the piece, or answers false when it would go over the bound (then nothing more). */
    boolean take(char[] chars, int start, int length);
  }

  private static final Pattern ESCAPE = Pattern.compile("_x([0-9A-Fa-f]{4})_");

  private XlsxText() {}

  /** The text of a plain element such as {@code <v>}; false if it went over the bound. */
  static boolean plain(XMLStreamReader xml, Sink sink) throws XMLStreamException {
    boolean within = true;
    for (int depth = 1; depth > 0; ) {
      switch (xml.next()) {
        case XMLStreamConstants.START_ELEMENT -> depth++;
        case XMLStreamConstants.END_ELEMENT -> depth--;
        case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
          if (within) {
            within = take(xml, sink);
          }
        }
        default -> {}
      }
    }
    return within;
  }

  /**
   * The text of a string item ({@code <si>} of the shared strings, {@code <is>} of a cell): its
   * {@code <t>} or the {@code <t>} of each run {@code <r>} of rich text, concatenated as written,
   * spaces included. Phonetic runs ({@code <rPh>}, readings of Japanese text) are not part of the
   * value.
   */
  static boolean rich(XMLStreamReader xml, Sink sink) throws XMLStreamException {
    boolean within = true;
    int textDepth = -1;
    for (int depth = 1; depth > 0; ) {
      switch (xml.next()) {
        case XMLStreamConstants.START_ELEMENT -> {
          if (xml.getLocalName().equals("rPh")) {
            skip(xml);
          } else {
            depth++;
            textDepth = xml.getLocalName().equals("t") ? depth : textDepth;
          }
        }
        case XMLStreamConstants.END_ELEMENT -> {
          if (depth-- == textDepth) {
            textDepth = -1;
          }
        }
        case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
          if (within && textDepth > 0) {
            within = take(xml, sink);
          }
        }
        default -> {}
      }
    }
    return within;
  }

  /** Passes over the current element and all it holds. */
  static void skip(XMLStreamReader xml) throws XMLStreamException {
    for (int depth = 1; depth > 0; ) {
      int event = xml.next();
      if (event == XMLStreamConstants.START_ELEMENT) {
        depth++;
      } else if (event == XMLStreamConstants.END_ELEMENT) {
        depth--;
      }
    }
  }

  /**
   * Undoes the {@code _xHHHH_} escapes SpreadsheetML uses for characters XML cannot carry: Excel
   * writes a carriage return as {@code _x000D_}, and an underscore that would start an escape as
   * {@code _x005F_}.
   */
  static String unescape(String text) {
    if (!text.contains("_x")) {
      return text;
    }
    Matcher escape = ESCAPE.matcher(text);
    return escape.replaceAll(
        found ->
            Matcher.quoteReplacement(String.valueOf((char) Integer.parseInt(found.group(1), 16))));
  }

  private static boolean take(XMLStreamReader xml, Sink sink) {
    return sink.take(xml.getTextCharacters(), xml.getTextStart(), xml.getTextLength());
  }
}

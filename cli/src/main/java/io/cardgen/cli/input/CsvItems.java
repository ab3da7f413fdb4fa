package io.cardgen.cli.input;

import io.cardgen.cli.io.BoundedLines;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.function.Consumer;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * Reads a spreadsheet export: a header row naming the fields (see {@link SheetColumns}), one
 * product per row, RFC 4180 quoting (quotes, delimiters and line breaks inside cells), an optional
 * UTF-8 byte order mark and {@code ,}, {@code ;} or tab as the delimiter, guessed from the header
 * row unless given. Rows are counted as a spreadsheet shows them: the header is row 1. A row longer
 * than {@link #MAX_ITEM_CHARS} stops the reading with a problem naming it.
 */
final class CsvItems implements ItemSource {

  /** The delimiter is guessed from at most this much of the header row. */
  private static final int HEADER_SAMPLE = 64 * 1024;

  private final Path file;
  private final Charset charset;
  private final Character delimiter;
  private final Photos photos;
  private final Consumer<String> warnings;
  private final long maxRowChars;

  CsvItems(
      Path file, Charset charset, Character delimiter, Photos photos, Consumer<String> warnings) {
    this(file, charset, delimiter, photos, warnings, MAX_ITEM_CHARS);
  }

  CsvItems(
      Path file,
      Charset charset,
      Character delimiter,
      Photos photos,
      Consumer<String> warnings,
      long maxRowChars) {
    this.file = file;
    this.charset = charset;
    this.delimiter = delimiter;
    this.photos = photos;
    this.warnings = warnings;
    this.maxRowChars = maxRowChars;
  }

  @Override
  public void read(ItemSink sink, Problems problems) throws IOException {
    try (BufferedReader reader = Files.newBufferedReader(file, charset)) {
      skipByteOrderMark(reader);
      char separator = delimiter != null ? delimiter : guessDelimiter(reader);
      CSVFormat format =
          CSVFormat.RFC4180
              .builder()
              .setDelimiter(separator)
              .setHeader()
              .setSkipHeaderRecord(true)
              .setIgnoreEmptyLines(true)
              .setAllowMissingColumnNames(true)
              .get();
      RowLimit limited = new RowLimit(reader, maxRowChars);
      CSVParser parser;
      try {
        parser = CSVParser.builder().setReader(limited).setFormat(format).get();
      } catch (RowLimit.TooLong tooLong) {
        tooLong(problems, 1, 1);
        return;
      }
      try (parser) {
        RowItems items =
            RowItems.under(
                1, parser.getHeaderNames(), "is the delimiter right?", photos, warnings, problems);
        if (items == null) {
          return;
        }
        Iterator<CSVRecord> records = parser.iterator();
        long row = 1;
        while (true) {
          limited.nextRow();
          long line = parser.getCurrentLineNumber() + 1;
          try {
            if (!records.hasNext()) {
              return;
            }
          } catch (UncheckedIOException failed) {
            if (failed.getCause() instanceof RowLimit.TooLong) {
              tooLong(problems, row + 1, line);
              return;
            }
            throw failed;
          }
          CSVRecord record = records.next();
          row = record.getRecordNumber() + 1;
          items.add(row, record.toList(), sink, problems);
        }
      }
    }
  }

  /** Reading stops: the parser cannot find where the next row starts without reading this one. */
  private void tooLong(Problems problems, long row, long line) {
    problems.add(
        "row " + row,
        "this row of "
            + file.getFileName()
            + " (from line "
            + line
            + ") is longer than "
            + BoundedLines.describe(maxRowChars)
            + ", more than one item can be (the service refuses an item over 32 MiB); is a"
            + " quote not closed? The rest of the file was not read");
  }

  private static void skipByteOrderMark(BufferedReader reader) throws IOException {
    reader.mark(1);
    if (reader.read() != '\uFEFF') {
      reader.reset();
    }
  }

  /** The most frequent of {@code , ; TAB} outside quotes in the header row (its first 64 KiB). */
  static char guessDelimiter(BufferedReader reader) throws IOException {
    String header = firstLine(reader);
    if (header == null) {
      return ',';
    }
    int commas = 0;
    int semicolons = 0;
    int tabs = 0;
    boolean quoted = false;
    for (char c : header.toCharArray()) {
      if (c == '"') {
        quoted = !quoted;
      } else if (!quoted) {
        commas += c == ',' ? 1 : 0;
        semicolons += c == ';' ? 1 : 0;
        tabs += c == '\t' ? 1 : 0;
      }
    }
    if (semicolons > commas && semicolons >= tabs) {
      return ';';
    }
    return tabs > commas && tabs > semicolons ? '\t' : ',';
  }

  /** Up to {@link #HEADER_SAMPLE} characters of the first line, left unread; null if empty. */
  private static String firstLine(BufferedReader reader) throws IOException {
    char[] sample = new char[HEADER_SAMPLE];
    int length = 0;
    reader.mark(sample.length);
    while (length < sample.length) {
      int read = reader.read(sample, length, sample.length - length);
      if (read < 0) {
        break;
      }
      length += read;
    }
    reader.reset();
    if (length == 0) {
      return null;
    }
    int end = 0;
    while (end < length && sample[end] != '\n' && sample[end] != '\r') {
      end++;
    }
    return new String(sample, 0, end);
  }
}

package io.cardgen.cli.input;

import io.cardgen.cli.io.BoundedLines;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
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

  /** The delimiter is guessed from at most this much of the file's start. */
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
          CSVFormat.RFC4180.builder().setDelimiter(separator).setIgnoreEmptyLines(true).get();
      RowLimit limited = new RowLimit(reader, maxRowChars);
      try (CSVParser parser = CSVParser.builder().setReader(limited).setFormat(format).get()) {
        readRows(parser, limited, sink, problems);
      }
    }
  }

  private void readRows(CSVParser parser, RowLimit limited, ItemSink sink, Problems problems)
      throws IOException {
    String hint =
        "is the delimiter right? The header, the row that names the columns, must be among the"
            + " first "
            + (HeaderSearch.MAX_ROWS_ABOVE + 1)
            + " filled rows";
    RowItems items = null;
    HeaderSearch header = new HeaderSearch();
    Iterator<CSVRecord> records = parser.iterator();
    long row = 0;
    while (true) {
      limited.nextRow();
      long line = parser.getCurrentLineNumber() + 1;
      try {
        if (!records.hasNext()) {
          break;
        }
      } catch (UncheckedIOException failed) {
        if (failed.getCause() instanceof RowLimit.TooLong) {
          tooLong(problems, row + 1, line);
          return;
        }
        throw failed;
      }
      CSVRecord record = records.next();
      row = record.getRecordNumber();
      List<String> cells = record.toList();
      if (items != null) {
        items.add(row, cells, sink, problems);
      } else if (RowItems.isBlank(cells)) {
        continue;
      } else if (header.isHeader(row, cells)) {
        if (header.passedAny()) {
          warnings.accept(header.passedOver(row));
        }
        items = RowItems.under(row, cells, hint, photos, warnings, problems);
        if (items == null) {
          return;
        }
      } else if (header.givenUp()) {
        break;
      }
    }
    if (items == null) {
      RowItems.noDescription(
          header.passedAny() ? header.firstRow() : 1,
          header.passedAny() ? header.firstCells() : List.of(),
          hint,
          problems);
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

  /**
   * The most frequent of {@code , ; TAB} outside quotes in the first line (its first 64 KiB). A
   * first line with none of them is a title typed above the header, or the header of a file with
   * one column: then the delimiter is the one that makes a later line a header ({@link
   * HeaderSearch}), and a comma when none does — never one guessed from a line of data, whose
   * semicolons would split a description.
   */
  static char guessDelimiter(BufferedReader reader) throws IOException {
    List<String> lines = lines(sample(reader), HeaderSearch.MAX_ROWS_ABOVE + 1);
    if (lines.isEmpty()) {
      return ',';
    }
    int[] first = counts(lines.get(0));
    if (first[0] + first[1] + first[2] > 0) {
      return mostFrequent(first);
    }
    for (String line : lines.subList(1, lines.size())) {
      for (char candidate : new char[] {',', ';', '\t'}) {
        if (SheetColumns.of(cells(line, candidate)).has("short_description")) {
          return candidate;
        }
      }
    }
    return ',';
  }

  private static char mostFrequent(int[] counts) {
    int commas = counts[0];
    int semicolons = counts[1];
    int tabs = counts[2];
    if (semicolons > commas && semicolons >= tabs) {
      return ';';
    }
    return tabs > commas && tabs > semicolons ? '\t' : ',';
  }

  /** Commas, semicolons and tabs outside quotes. */
  private static int[] counts(String line) {
    int[] counts = new int[3];
    boolean quoted = false;
    for (char c : line.toCharArray()) {
      if (c == '"') {
        quoted = !quoted;
      } else if (!quoted) {
        counts[0] += c == ',' ? 1 : 0;
        counts[1] += c == ';' ? 1 : 0;
        counts[2] += c == '\t' ? 1 : 0;
      }
    }
    return counts;
  }

  /** The first {@code max} records of {@code sample}: line breaks inside quotes do not end one. */
  private static List<String> lines(String sample, int max) {
    List<String> lines = new ArrayList<>();
    boolean quoted = false;
    int start = 0;
    for (int at = 0; at < sample.length() && lines.size() < max; at++) {
      char c = sample.charAt(at);
      if (c == '"') {
        quoted = !quoted;
      } else if (!quoted && (c == '\n' || c == '\r')) {
        lines.add(sample.substring(start, at));
        start = at + 1;
      }
    }
    if (lines.size() < max && start < sample.length()) {
      lines.add(sample.substring(start));
    }
    lines.removeIf(String::isEmpty);
    return lines;
  }

  private static List<String> cells(String line, char delimiter) {
    try (CSVParser parser =
        CSVFormat.RFC4180.builder().setDelimiter(delimiter).get().parse(new StringReader(line))) {
      Iterator<CSVRecord> records = parser.iterator();
      return records.hasNext() ? records.next().toList() : List.of();
    } catch (IOException | UncheckedIOException | IllegalArgumentException unparsable) {
      return List.of();
    }
  }

  /** Up to {@link #HEADER_SAMPLE} characters of the file, left unread. */
  private static String sample(BufferedReader reader) throws IOException {
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
    return new String(sample, 0, length);
  }
}

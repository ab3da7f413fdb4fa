package io.cardgen.cli.input;

import io.cardgen.cli.io.BoundedLines;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import org.apache.commons.csv.CSVException;
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
    Charset encoding = charset != null ? charset : CsvEncoding.detect(file, warnings);
    try (BufferedReader reader = Files.newBufferedReader(file, encoding)) {
      skipByteOrderMark(reader);
      char separator = delimiter != null ? delimiter : guessDelimiter(reader);
      // Empty lines are rows too: skipped as blank, but counted, so rows are numbered (and named
      // row-N without a custom_id column) as a spreadsheet program shows them.
      CSVFormat format =
          CSVFormat.RFC4180.builder().setDelimiter(separator).setIgnoreEmptyLines(false).get();
      RowLimit limited = new RowLimit(reader, maxRowChars);
      try (CSVParser parser = CSVParser.builder().setReader(limited).setFormat(format).get()) {
        readRows(parser, limited, separator, sink, problems, encoding);
      }
    } catch (CharacterCodingException notText) {
      problems.add("file", notEncodedAs(encoding));
    }
  }

  private String notEncodedAs(Charset encoding) {
    return file.getFileName()
        + " is not "
        + encoding.name()
        + " text; pass --encoding with its encoding (windows-1251 for Russian Excel's \"CSV\")"
        + " or save it as \"CSV UTF-8\"";
  }

  private void readRows(
      CSVParser parser,
      RowLimit limited,
      char separator,
      ItemSink sink,
      Problems problems,
      Charset encoding)
      throws IOException {
    String hint =
        "is the delimiter right? The header, the row that names the columns, must be among the"
            + " first "
            + (HeaderSearch.MAX_ROWS_ABOVE + 1)
            + " filled rows";
    RowItems items = null;
    int columns = 0;
    HeaderSearch header = new HeaderSearch();
    Iterator<CSVRecord> records = parser.iterator();
    long row = 0;
    // Items without a custom_id column are named row-N by the count of records other than empty
    // lines, as every version before numbered them: a file submitted again, or the failures of its
    // batch retried, must name its items as it did then (an item named anew is a second charge).
    long emptyLines = 0;
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
        if (failed.getCause() instanceof CharacterCodingException) {
          problems.add("row " + (row + 1), notEncodedAs(encoding));
          return;
        }
        if (failed.getCause() instanceof CSVException malformed) {
          problems.add(
              "row " + (row + 1),
              "not valid CSV (from line "
                  + line
                  + "): "
                  + malformed.getMessage()
                  + "; a quote inside a cell must be doubled, and a cell with one must be quoted"
                  + " whole. The rest of the file was not read");
          return;
        }
        throw failed;
      }
      CSVRecord record = records.next();
      row = record.getRecordNumber();
      List<String> cells = record.toList();
      if (cells.size() == 1 && cells.get(0).isEmpty()) {
        emptyLines++;
      }
      String cutOff = items == null ? null : CsvRowWidth.problem(cells, columns, separator);
      if (cutOff != null) {
        problems.add("row " + row, cutOff);
      } else if (items != null) {
        items.add(row, row - emptyLines, cells, sink, problems);
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
        columns = cells.size();
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
   * The delimiter that makes one of the first lines (before any line of data can come) the header,
   * the line naming a short_description column; when none does, the most frequent of {@code , ;
   * TAB} outside quotes in the first line (its first 64 KiB), and a comma when it has none. A title
   * typed above the header ("Прайс-лист, весна 2026;" in a semicolon export) must not decide it,
   * nor a line of data, whose semicolons would split a description.
   */
  static char guessDelimiter(BufferedReader reader) throws IOException {
    List<String> lines = lines(sample(reader), HeaderSearch.MAX_ROWS_ABOVE + 1);
    if (lines.isEmpty()) {
      return ',';
    }
    for (String line : lines) {
      List<Character> heading = new ArrayList<>();
      for (char candidate : new char[] {',', ';', '\t'}) {
        if (SheetColumns.of(cells(line, candidate)).has("short_description")) {
          heading.add(candidate);
        }
      }
      if (heading.size() == 1) {
        return heading.get(0);
      }
      if (!heading.isEmpty()) {
        // A header that reads the same with several (one column, or quoted names): count.
        return mostFrequent(counts(line));
      }
    }
    return mostFrequent(counts(lines.get(0)));
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

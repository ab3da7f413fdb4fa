package io.cardgen.cli.input;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Reads a spreadsheet export: a header row naming the fields (see {@link CsvColumns}), one product
 * per row, RFC 4180 quoting (quotes, delimiters and line breaks inside cells), an optional UTF-8
 * byte order mark and {@code ,}, {@code ;} or tab as the delimiter, guessed from the header row
 * unless given. Rows are counted as a spreadsheet shows them: the header is row 1.
 */
final class CsvItems implements ItemSource {

  private final Path file;
  private final Charset charset;
  private final Character delimiter;
  private final Photos photos;
  private final Consumer<String> warnings;

  CsvItems(
      Path file, Charset charset, Character delimiter, Photos photos, Consumer<String> warnings) {
    this.file = file;
    this.charset = charset;
    this.delimiter = delimiter;
    this.photos = photos;
    this.warnings = warnings;
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
      try (CSVParser parser = CSVParser.builder().setReader(reader).setFormat(format).get()) {
        CsvColumns columns = CsvColumns.of(parser.getHeaderNames());
        if (!columns.has("short_description")) {
          problems.add(
              "row 1",
              "no short_description column (found: "
                  + String.join(", ", parser.getHeaderNames())
                  + "); is the delimiter right?");
          return;
        }
        if (!columns.ignored.isEmpty()) {
          warnings.accept("ignoring columns: " + String.join(", ", columns.ignored));
        }
        for (CSVRecord record : parser) {
          readRow(record, columns, sink, problems);
        }
      }
    }
  }

  private void readRow(CSVRecord record, CsvColumns columns, ItemSink sink, Problems problems)
      throws IOException {
    long row = record.getRecordNumber() + 1;
    String customId = columns.customId >= 0 ? cell(record, columns.customId).strip() : "row-" + row;
    String origin = "row " + row + (customId.isEmpty() ? "" : " (" + customId + ")");
    try {
      CustomIds.check(customId);
      sink.accept(origin, customId, request(record, columns));
    } catch (BadItem bad) {
      problems.add(origin, bad.getMessage());
    }
  }

  private ObjectNode request(CSVRecord record, CsvColumns columns) throws BadItem {
    ObjectNode request = JsonNodeFactory.instance.objectNode();
    ArrayNode images = request.putArray("image_url");
    for (int index : columns.photos) {
      for (String reference : Photos.split(cell(record, index))) {
        images.add(photos.resolve(reference));
      }
    }
    if (images.isEmpty()) {
      request.remove("image_url");
    }
    for (CsvColumns.Column column : columns.texts) {
      putIfPresent(request, column.field(), cell(record, column.index()));
    }
    ObjectNode facts = JsonNodeFactory.instance.objectNode();
    for (CsvColumns.Column column : columns.facts) {
      String value = cell(record, column.index()).strip();
      if (!value.isEmpty()) {
        facts.put(column.field(), value);
      }
    }
    if (!facts.isEmpty()) {
      request.set("product_facts", facts);
    }
    if (columns.length >= 0 && !cell(record, columns.length).isBlank()) {
      request.set("length", Cells.integer(cell(record, columns.length)));
    }
    for (CsvColumns.Column column : columns.flags) {
      String value = cell(record, column.index());
      if (!value.isBlank()) {
        request.set(column.field(), Cells.flag(value));
      }
    }
    return request;
  }

  /** A blank cell means "not given": the field is left out and the server's default applies. */
  private static void putIfPresent(ObjectNode request, String field, String value) {
    String stripped = value.strip();
    if (!stripped.isEmpty()) {
      request.put(field, stripped);
    }
  }

  private static String cell(CSVRecord record, int index) {
    return index < record.size() ? record.get(index) : "";
  }

  private static void skipByteOrderMark(BufferedReader reader) throws IOException {
    reader.mark(1);
    if (reader.read() != '\uFEFF') {
      reader.reset();
    }
  }

  /** The most frequent of {@code , ; TAB} outside quotes in the header row. */
  static char guessDelimiter(BufferedReader reader) throws IOException {
    reader.mark(64 * 1024);
    String header = reader.readLine();
    reader.reset();
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
}

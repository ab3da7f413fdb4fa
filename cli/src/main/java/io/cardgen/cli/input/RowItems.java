package io.cardgen.cli.input;

import java.io.IOException;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Builds one batch item from each row of a spreadsheet, by the columns its header row names. A CSV
 * export and an .xlsx sheet go through this same code, so a user who saves the same products either
 * way gets the same items, and so the same batch.
 */
final class RowItems {

  private final SheetColumns columns;
  private final Photos photos;
  private final Consumer<String> warnings;

  private RowItems(SheetColumns columns, Photos photos, Consumer<String> warnings) {
    this.columns = columns;
    this.photos = photos;
    this.warnings = warnings;
  }

  /**
   * The items of the rows under this header, or null when the header has no short_description
   * column (then a problem says so, with {@code hint} on what to check). Columns it does not know
   * are named in one warning.
   */
  static RowItems under(
      long row,
      List<String> header,
      String hint,
      Photos photos,
      Consumer<String> warnings,
      Problems problems) {
    SheetColumns columns = SheetColumns.of(header);
    if (!columns.has("short_description")) {
      noDescription(row, header, hint, problems);
      return null;
    }
    if (!columns.repeated.isEmpty()) {
      problems.add(
          "row " + row,
          "more than one column for a field: "
              + String.join(", ", columns.repeated)
              + "; keep one of each");
      return null;
    }
    if (!columns.ignored.isEmpty()) {
      warnings.accept("ignoring columns: " + String.join(", ", columns.ignored));
    }
    return new RowItems(columns, photos, warnings);
  }

  /** The problem of a sheet whose header, taken to be {@code header}, lacks the required column. */
  static void noDescription(long row, List<String> header, String hint, Problems problems) {
    problems.add(
        "row " + row,
        "no short_description (описание) column (found: "
            + header.stream().filter(name -> !name.isBlank()).collect(Collectors.joining(", "))
            + "); "
            + hint);
  }

  /** Whether the cell in column {@code index} (0-based) feeds the request. */
  boolean uses(int index) {
    return columns.uses(index);
  }

  /**
   * Hands the row's item to {@code sink}, or adds a problem naming the row. A row of blank cells is
   * skipped: spreadsheet programs keep formatted but empty rows, and a CSV export writes them as
   * {@code ,,,}.
   */
  boolean add(long row, List<String> cells, ItemSink sink, Problems problems) throws IOException {
    return add(row, row, cells, sink, problems);
  }

  /**
   * As {@link #add(long, List, ItemSink, Problems)}; a row without a custom_id column is named
   * {@code row-<idNumber>}.
   *
   * @return whether the row's item went to {@code sink}
   */
  boolean add(long row, long idNumber, List<String> cells, ItemSink sink, Problems problems)
      throws IOException {
    if (isBlank(cells)) {
      return false;
    }
    if (onlyInColumnsNotRead(cells)) {
      // A total ("Итого" under the price) or a note beside the table: no product, and no reason to
      // refuse the whole file over it.
      warnings.accept(
          "row " + row + " has values only in columns that are not read (a total?); skipped");
      return false;
    }
    String customId =
        columns.customId >= 0 ? cell(cells, columns.customId).strip() : "row-" + idNumber;
    if (!sink.wants(customId)) {
      return false;
    }
    String origin = "row " + row + (customId.isEmpty() ? "" : " (" + customId + ")");
    try {
      CustomIds.check(customId);
      sink.accept(origin, customId, request(cells));
      return true;
    } catch (BadItem bad) {
      problems.add(origin, bad.getMessage());
      return false;
    }
  }

  private boolean onlyInColumnsNotRead(List<String> cells) {
    for (int index = 0; index < cells.size(); index++) {
      if (columns.uses(index) && !cells.get(index).isBlank()) {
        return false;
      }
    }
    return true;
  }

  static boolean isBlank(List<String> cells) {
    return cells.stream().allMatch(String::isBlank);
  }

  private ObjectNode request(List<String> cells) throws BadItem {
    ObjectNode request = JsonNodeFactory.instance.objectNode();
    ArrayNode images = request.putArray("image_url");
    for (int index : columns.photos) {
      for (String reference : Photos.split(cell(cells, index))) {
        images.add(photos.resolve(reference));
      }
    }
    if (images.isEmpty()) {
      request.remove("image_url");
    }
    for (SheetColumns.Column column : columns.texts) {
      putIfPresent(request, column.field(), cell(cells, column.index()));
    }
    ObjectNode facts = JsonNodeFactory.instance.objectNode();
    for (SheetColumns.Column column : columns.facts) {
      putIfPresent(facts, column.field(), cell(cells, column.index()));
    }
    if (!facts.isEmpty()) {
      request.set("product_facts", facts);
    }
    if (columns.length >= 0 && !cell(cells, columns.length).isBlank()) {
      request.set("length", Cells.integer(cell(cells, columns.length)));
    }
    for (SheetColumns.Column column : columns.flags) {
      String value = cell(cells, column.index());
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

  private static String cell(List<String> cells, int index) {
    return index < cells.size() ? cells.get(index) : "";
  }
}

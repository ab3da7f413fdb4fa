package io.cardgen.cli.input;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Which spreadsheet column (of a CSV export or an .xlsx sheet) feeds which request field, decided
 * once from the header row. Names are matched without regard to case or surrounding spaces; columns
 * it does not know are reported and ignored, since spreadsheets carry prices, stock and the like.
 */
final class SheetColumns {

  static final String FACTS_PREFIX = "product_facts.";

  private static final Set<String> ID = Set.of("custom_id", "sku");
  private static final Set<String> PHOTOS = Set.of("photos", "photo", "image_url", "images");
  private static final Set<String> TEXT =
      Set.of("short_description", "style", "creativity", "keywords");
  private static final Set<String> FLAGS = Set.of("headers", "slogans", "features", "audience");

  int customId = -1;
  int length = -1;
  final List<Integer> photos = new ArrayList<>();
  final List<Column> texts = new ArrayList<>();
  final List<Column> flags = new ArrayList<>();
  final List<Column> facts = new ArrayList<>();
  final List<String> ignored = new ArrayList<>();

  record Column(String field, int index) {}

  static SheetColumns of(List<String> header) {
    SheetColumns columns = new SheetColumns();
    for (int i = 0; i < header.size(); i++) {
      columns.assign(normalize(header.get(i)), i);
    }
    return columns;
  }

  private void assign(String name, int index) {
    if (ID.contains(name) && customId < 0) {
      customId = index;
    } else if (PHOTOS.contains(name) || name.matches("photos?_\\d+")) {
      photos.add(index);
    } else if (TEXT.contains(name)) {
      texts.add(new Column(name, index));
    } else if (FLAGS.contains(name)) {
      flags.add(new Column(name, index));
    } else if (name.equals("length")) {
      length = index;
    } else if (name.startsWith(FACTS_PREFIX) && name.length() > FACTS_PREFIX.length()) {
      facts.add(new Column(name.substring(FACTS_PREFIX.length()), index));
    } else if (!name.isEmpty()) {
      ignored.add(name);
    }
  }

  /** Whether the cell in column {@code index} feeds the request, so what it holds matters. */
  boolean uses(int index) {
    return index == customId
        || index == length
        || photos.contains(index)
        || Stream.of(texts, flags, facts)
            .flatMap(List::stream)
            .anyMatch(column -> column.index() == index);
  }

  boolean has(String field) {
    return texts.stream().anyMatch(column -> column.field().equals(field));
  }

  private static String normalize(String name) {
    String trimmed = name.strip();
    if (trimmed.startsWith("\uFEFF")) {
      trimmed = trimmed.substring(1).strip();
    }
    return trimmed.toLowerCase(Locale.ROOT);
  }
}

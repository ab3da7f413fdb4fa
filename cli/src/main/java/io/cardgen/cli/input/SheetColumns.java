package io.cardgen.cli.input;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Which spreadsheet column (of a CSV export or an .xlsx sheet) feeds which request field, decided
 * once from the header row. Names, English or Russian, are matched without regard to case or
 * surrounding spaces; columns it does not know are reported and ignored, since spreadsheets carry
 * prices, stock and the like. Two columns for one field are a problem: which one counts would be a
 * guess.
 */
final class SheetColumns {

  static final String FACTS_PREFIX = "product_facts.";

  private static final Set<String> ID = Set.of("custom_id", "sku");
  private static final Set<String> PHOTOS = Set.of("photos", "photo", "image_url", "images");
  private static final Set<String> TEXT =
      Set.of("short_description", "style", "creativity", "keywords");
  private static final Set<String> FLAGS = Set.of("headers", "slogans", "features", "audience");

  /**
   * Russian headers for the same fields, as sellers name their columns (a marketplace template's
   * "Артикул", "Фото"). "Описание" is the product's short description given to the model.
   */
  private static final Map<String, String> RUSSIAN =
      Map.ofEntries(
          Map.entry("артикул", "custom_id"),
          Map.entry("артикул продавца", "custom_id"),
          Map.entry("описание", "short_description"),
          Map.entry("краткое описание", "short_description"),
          Map.entry("фото", "photos"),
          Map.entry("фотографии", "photos"),
          Map.entry("изображение", "photos"),
          Map.entry("изображения", "photos"),
          Map.entry("ссылки на фото", "photos"),
          Map.entry("стиль", "style"),
          Map.entry("длина", "length"),
          Map.entry("длина описания", "length"),
          Map.entry("заголовки", "headers"),
          Map.entry("слоганы", "slogans"),
          Map.entry("характеристики", "features"),
          Map.entry("аудитория", "audience"),
          Map.entry("целевая аудитория", "audience"),
          Map.entry("креативность", "creativity"),
          Map.entry("ключевые слова", "keywords"));

  int customId = -1;
  int length = -1;
  final List<Integer> photos = new ArrayList<>();
  final List<Column> texts = new ArrayList<>();
  final List<Column> flags = new ArrayList<>();
  final List<Column> facts = new ArrayList<>();
  final List<String> ignored = new ArrayList<>();

  /** Columns naming a field an earlier column names already, e.g. "sku" beside "артикул". */
  final List<String> repeated = new ArrayList<>();

  private final Set<String> assigned = new HashSet<>();

  record Column(String field, int index) {}

  static SheetColumns of(List<String> header) {
    SheetColumns columns = new SheetColumns();
    for (int i = 0; i < header.size(); i++) {
      columns.assign(normalize(header.get(i)), i);
    }
    return columns;
  }

  private void assign(String header, int index) {
    String name = RUSSIAN.getOrDefault(header, header);
    if (ID.contains(name)) {
      if (claim(header, "custom_id")) {
        customId = index;
      }
    } else if (PHOTOS.contains(name) || name.matches("photos?_\\d+")) {
      photos.add(index); // photo columns may repeat: their photos are joined
    } else if (TEXT.contains(name)) {
      if (claim(header, name)) {
        texts.add(new Column(name, index));
      }
    } else if (FLAGS.contains(name)) {
      if (claim(header, name)) {
        flags.add(new Column(name, index));
      }
    } else if (name.equals("length")) {
      if (claim(header, name)) {
        length = index;
      }
    } else if (name.startsWith(FACTS_PREFIX) && name.length() > FACTS_PREFIX.length()) {
      if (claim(header, name)) {
        facts.add(new Column(name.substring(FACTS_PREFIX.length()), index));
      }
    } else if (!name.isEmpty()) {
      ignored.add(name);
    }
  }

  /** Takes {@code field} for this column; false, noted as repeated, when a column took it. */
  private boolean claim(String header, String field) {
    if (assigned.add(field)) {
      return true;
    }
    repeated.add(header + " (" + field + ")");
    return false;
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

  /**
   * A header as typed, whatever spaces surround it: a header copied from a web page ends in a
   * no-break space, which {@link String#strip()} keeps, and the column looked identical to the one
   * the file was refused for lacking. A byte order mark goes too.
   */
  private static String normalize(String name) {
    int start = 0;
    int end = name.length();
    while (start < end && isSpace(name.charAt(start))) {
      start++;
    }
    while (end > start && isSpace(name.charAt(end - 1))) {
      end--;
    }
    return name.substring(start, end).toLowerCase(Locale.ROOT);
  }

  private static boolean isSpace(char c) {
    return Character.isWhitespace(c) || Character.isSpaceChar(c) || c == '\uFEFF';
  }
}

package io.cardgen.cli.input;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The input formats; chosen by the file's extension unless the user says. */
public enum InputFormat {
  CSV,
  JSONL,
  XLSX;

  /**
   * Spreadsheet files this client cannot read, and what they are. Each is refused by name with the
   * way out (save as .xlsx or CSV), rather than read as text and failing on garbage.
   */
  private static final Map<String, String> UNREADABLE =
      Map.of(
          ".xls", "an Excel 97-2003 workbook",
          ".xlsb", "an Excel binary workbook",
          ".ods", "an OpenDocument spreadsheet (LibreOffice, OpenOffice)",
          ".numbers", "an Apple Numbers file");

  /**
   * By extension: .csv, .tsv and .txt are CSV; .jsonl, .ndjson and .json are JSONL; .xlsx and .xlsm
   * are XLSX (a .xlsm only adds macros, which are never run: only cell values are read).
   */
  public static InputFormat of(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".csv") || name.endsWith(".tsv") || name.endsWith(".txt")) {
      return CSV;
    }
    if (name.endsWith(".jsonl") || name.endsWith(".ndjson") || name.endsWith(".json")) {
      return JSONL;
    }
    if (name.endsWith(".xlsx") || name.endsWith(".xlsm")) {
      return XLSX;
    }
    String extension = name.contains(".") ? name.substring(name.lastIndexOf('.')) : "";
    String unreadable = UNREADABLE.get(extension);
    throw refused(
        file,
        unreadable != null
            ? "this is "
                + unreadable
                + ", which cardgen does not read: open it and save or export it as .xlsx (Excel Workbook)"
                + " or as CSV UTF-8"
            : "unknown file type: name it .csv, .xlsx or .jsonl, or pass --format");
  }

  private static InvalidInput refused(Path file, String message) {
    return new InvalidInput(List.of(new InputProblem(file.getFileName().toString(), message)));
  }
}

package io.cardgen.cli.input;

import java.nio.file.Path;
import java.util.Locale;

/** The two input formats; chosen by the file's extension unless the user says. */
public enum InputFormat {
  CSV,
  JSONL;

  /** By extension: .csv, .tsv and .txt are CSV; .jsonl, .ndjson and .json are JSONL. */
  public static InputFormat of(Path file) {
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (name.endsWith(".csv") || name.endsWith(".tsv") || name.endsWith(".txt")) {
      return CSV;
    }
    if (name.endsWith(".jsonl") || name.endsWith(".ndjson") || name.endsWith(".json")) {
      return JSONL;
    }
    throw new InvalidInput(
        java.util.List.of(
            new InputProblem(
                file.getFileName().toString(),
                "unknown file type: name it .csv or .jsonl, or pass --format")));
  }
}

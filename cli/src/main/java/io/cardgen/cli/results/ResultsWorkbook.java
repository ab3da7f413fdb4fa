package io.cardgen.cli.results;

import io.cardgen.cli.api.BatchApi;
import io.cardgen.cli.io.BoundedLines;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import tools.jackson.databind.json.JsonMapper;

/**
 * The results as an .xlsx workbook, for sellers who work in Excel: the columns of the CSV output
 * ({@link CsvResults#HEADER}), a bold frozen header, wrapped texts. A CSV with commas opens as one
 * column in an Excel with Russian settings, which splits on {@code ;}; a workbook opens right
 * everywhere. Cells are inline strings, so no text is ever read as a formula (no {@code '} prefix
 * is needed, unlike {@link CsvResults#forSpreadsheet}).
 *
 * <p>A zip archive cannot be appended to, so the download is kept as JSONL beside the workbook
 * ({@code cards.xlsx.jsonl}), resumed like any JSONL output, and the workbook is written anew from
 * it after each run: to a temporary file, then moved over the old one, so an interrupted run leaves
 * the previous workbook whole. The workbook names cardgen as its application; a file at the output
 * path that does not (the input spreadsheet given to {@code -o} by mistake, or the results saved
 * since from Excel with a user's notes) is never replaced without {@code --overwrite}.
 */
public final class ResultsWorkbook {

  /** Widths in characters, in the order of {@link CsvResults#HEADER}. */
  private static final int[] WIDTHS = {
    6, 18, 11, 18, 40, 38, 22, 12, 16, 80, 10, 50, 40, 40, 40, 50
  };

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ResultsWorkbook() {}

  /** Whether {@code output} asks for a workbook. */
  public static boolean isFor(Path output) {
    return output.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".xlsx");
  }

  /** Where the download behind the workbook is kept: {@code cards.xlsx.jsonl}. */
  public static Path downloadOf(Path workbook) {
    return workbook.resolveSibling(workbook.getFileName() + ".jsonl");
  }

  /**
   * Refuses a file at {@code workbook} that this client did not write, unless {@code overwrite}.
   *
   * @throws NotAResultsFile when the file is there and is not cardgen's results
   */
  public static void checkReplaceable(Path workbook, boolean overwrite) throws IOException {
    if (overwrite
        || !Files.exists(workbook)
        || Files.size(workbook) == 0
        || writtenByUs(workbook)) {
      return;
    }
    throw new NotAResultsFile(
        workbook
            + " exists but is not a results workbook written by cardgen (or was saved since by"
            + " another program, perhaps with your changes); pass --overwrite to replace it, or"
            + " give another -o file");
  }

  /**
   * Writes the workbook of every result in {@code download}, replacing {@code workbook} at once.
   *
   * @return how many cells had to be shortened to Excel's limit of 32 767 characters
   */
  public static int write(Path download, Path workbook) throws IOException {
    Path temporary = WorkbookFiles.temporaryBeside(workbook);
    try {
      int shortened;
      try (OutputStream out = Files.newOutputStream(temporary);
          ZipOutputStream zip = new ZipOutputStream(out)) {
        WorkbookParts.writeAll(zip);
        zip.putNextEntry(new ZipEntry("xl/worksheets/sheet1.xml"));
        Writer sheet =
            new BufferedWriter(new OutputStreamWriter(zip, StandardCharsets.UTF_8), 1 << 16);
        shortened = sheet(download, sheet);
        sheet.flush();
        zip.closeEntry();
      }
      Files.move(
          temporary, workbook, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      return shortened;
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  private static boolean writtenByUs(Path workbook) throws IOException {
    try (ZipFile zip = new ZipFile(workbook.toFile())) {
      ZipEntry app = zip.getEntry("docProps/app.xml");
      if (app == null) {
        return false;
      }
      try (InputStream in = zip.getInputStream(app)) {
        String text = new String(in.readNBytes(64 * 1024), StandardCharsets.UTF_8);
        return text.contains(WorkbookParts.APPLICATION);
      }
    } catch (ZipException notAZip) {
      return false;
    }
  }

  private static int sheet(Path download, Writer out) throws IOException {
    out.write(
        WorkbookParts.XML
            + "<worksheet xmlns=\""
            + WorkbookParts.MAIN
            + "\" xmlns:r=\""
            + WorkbookParts.RELATIONSHIPS
            + "\">");
    out.write(
        "<sheetViews><sheetView workbookViewId=\"0\"><pane ySplit=\"1\" topLeftCell=\"A2\""
            + " activePane=\"bottomLeft\" state=\"frozen\"/></sheetView></sheetViews><cols>");
    for (int i = 0; i < WIDTHS.length; i++) {
      out.write(
          "<col min=\""
              + (i + 1)
              + "\" max=\""
              + (i + 1)
              + "\" width=\""
              + WIDTHS[i]
              + "\" customWidth=\"1\"/>");
    }
    out.write("</cols><sheetData>");
    SheetCells cells = new SheetCells(out);
    cells.row(1, CsvResults.HEADER, 1);
    long row = 1;
    if (Files.exists(download)) {
      try (Reader in = Files.newBufferedReader(download, StandardCharsets.UTF_8)) {
        BoundedLines lines = new BoundedLines(in, BatchApi.MAX_RESULT_LINE_CHARS);
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
          if (!line.isBlank()) {
            cells.row(++row, CsvResults.texts(JSON.readTree(line)), 2);
          }
        }
      }
    }
    out.write("</sheetData></worksheet>");
    return cells.shortened();
  }
}

package io.cardgen.cli.input;

import static io.cardgen.cli.input.TestWorkbook.aWorkbook;
import static io.cardgen.cli.input.TestWorkbook.inline;
import static io.cardgen.cli.input.TestWorkbook.row;
import static io.cardgen.cli.input.TestWorkbook.shared;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.SoftAssertions.assertSoftly;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.node.ObjectNode;

/**
 * An .xlsx file often comes from a supplier: what a hostile or broken one does to the reader. Each
 * is a problem naming the file, never a stack trace, a file read or a request made.
 */
class XlsxSafetyTest {

  private static final String SECRET = "TOP-SECRET-4242";

  /** Where a cell's text uses the entity, in the part given the DOCTYPE. */
  private static final String USE_OF_FILE = "file-goes-here";

  @TempDir Path dir;

  private final List<String> taken = new ArrayList<>();
  private final List<String> sent = new ArrayList<>();
  private final List<String> fetched = Collections.synchronizedList(new ArrayList<>());
  private final Problems problems = new Problems();
  private HttpServer server;

  @BeforeEach
  void startAServerThatAnEntityMightFetch() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          fetched.add(exchange.getRequestURI().toString());
          byte[] body = ("<!ENTITY leak \"" + SECRET + "\">").getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(200, body.length);
          try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
          }
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "_rels/.rels",
        "xl/workbook.xml",
        "xl/_rels/workbook.xml.rels",
        "xl/sharedStrings.xml",
        "xl/worksheets/sheet1.xml"
      })
  void aDoctypeInAnyPartIsRefusedAndNothingItNamesIsReadOrFetched(String part) throws IOException {
    Path secret = Files.writeString(dir.resolve("secret.txt"), SECRET);
    String url = "http://127.0.0.1:" + server.getAddress().getPort();
    String doctype =
        "<!DOCTYPE root SYSTEM \""
            + url
            + "/external.dtd\" [\n"
            + "  <!ENTITY file SYSTEM \""
            + secret.toUri()
            + "\">\n"
            + "  <!ENTITY % remote SYSTEM \""
            + url
            + "/parameter.dtd\">\n"
            + "  %remote;\n"
            + "  <!ENTITY lol \"lol\"><!ENTITY lol2 \"&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;\">\n"
            + "]>\n";
    Path file =
        withDoctype(
            aWorkbook()
                .sharedStrings("short_description", "sku", USE_OF_FILE)
                .sheet(
                    "Лист1",
                    row(1, shared("A1", 0), shared("B1", 1)),
                    row(2, shared("A2", 2), inline("B2", USE_OF_FILE)))
                .writeTo(dir.resolve("products.xlsx")),
            part,
            doctype);

    xlsx(file, XlsxLimits.DEFAULT).read(this::take, problems);

    assertSoftly(
        softly -> {
          softly.assertThat(fetched).as("URLs fetched").isEmpty();
          softly.assertThat(sent).as("items sent").noneMatch(item -> item.contains(SECRET));
          softly
              .assertThat(problems())
              .containsExactly(
                  new InputProblem(
                      "products.xlsx",
                      "the part "
                          + part
                          + " has a DOCTYPE (a document type declaration), which spreadsheet"
                          + " programs never write and which can make a reader open other files"
                          + " or URLs: refused, nothing it names was read"));
        });
  }

  @Test
  void anEntityWithoutADoctypeIsBrokenXmlNotAFileRead() throws IOException {
    Files.writeString(dir.resolve("secret.txt"), SECRET);
    Path file =
        aWorkbook()
            .sheet(
                "Лист1",
                row(1, inline("A1", "short_description")),
                // an entity used without a DOCTYPE is only an undeclared name
                "<row r=\"2\"><c r=\"A2\" t=\"inlineStr\"><is><t>&file;</t></is></c></row>")
            .writeTo(dir.resolve("products.xlsx"));

    xlsx(file, XlsxLimits.DEFAULT).read(this::take, problems);

    assertThat(problems())
        .singleElement()
        .satisfies(
            problem ->
                assertThat(problem.message())
                    .startsWith("the part xl/worksheets/sheet1.xml is not well-formed XML:")
                    .contains("\"file\"")
                    .doesNotContain(SECRET));
    assertThat(taken).isEmpty();
  }

  @Test
  void theStylesPartIsBoundedInWhatItMakesUsHold() throws IOException {
    String longFormat = "0".repeat(XlsxNumbers.MAX_FORMAT_CHARS + 1);
    Path longCode =
        aWorkbook()
            .styles(Map.of(164, longFormat), 164)
            .sheet("Лист1", row(1, inline("A1", "short_description")))
            .writeTo(dir.resolve("format.xlsx"));
    Path manyStyles =
        aWorkbook()
            .styles(Map.of(), new int[XlsxNumbers.MAX_STYLES + 1])
            .sheet("Лист1", row(1, inline("A1", "short_description")))
            .writeTo(dir.resolve("styles.xlsx"));

    xlsx(longCode, XlsxLimits.DEFAULT).read(this::take, problems);
    // 65 537 identical styles compress far better than the ratio a real part has
    XlsxLimits usual = XlsxLimits.DEFAULT;
    XlsxLimits noRatio =
        new XlsxLimits(
            usual.partBytes(),
            usual.totalBytes(),
            Integer.MAX_VALUE,
            usual.sharedChars(),
            usual.sharedStrings(),
            usual.rowChars());
    xlsx(manyStyles, noRatio).read(this::take, problems);

    assertThat(problems())
        .containsExactly(
            new InputProblem(
                "format.xlsx",
                "a number format of the workbook is longer than 1024 characters: is the file"
                    + " damaged?"),
            new InputProblem(
                "styles.xlsx",
                "the workbook declares more than 65536 cell styles: is it damaged?"));
    assertThat(taken).isEmpty();
  }

  @Test
  void aZipBombIsRefusedByItsRatioLongBeforeItIsInflated() throws IOException {
    Path file = withHugeSheet(aWorkbook().sheet("Лист1").writeTo(dir.resolve("products.xlsx")));
    long compressed;
    try (ZipFile zip = new ZipFile(file.toFile())) {
      compressed = zip.getEntry("xl/worksheets/sheet1.xml").getCompressedSize();
    }

    xlsx(file, XlsxLimits.DEFAULT).read(this::take, problems);

    assertThat(compressed).isLessThan(300_000);
    assertThat(problems())
        .containsExactly(
            new InputProblem(
                "products.xlsx",
                "the part xl/worksheets/sheet1.xml expands more than 100 times its compressed"
                    + " size, as a zip bomb does and a spreadsheet does not: refused. If the file"
                    + " is yours, save it again from Excel or LibreOffice, or as CSV"));
  }

  @Test
  void aPartOverTheSizeBoundIsRefusedWhateverItsRatio() throws IOException {
    Path file = aWorkbook().sheet("Лист1", numberedRows(4_000)).writeTo(dir.resolve("big.xlsx"));

    xlsx(file, limits(64 * 1024, 1 << 30, 1_000, 1_000)).read(this::take, problems);

    assertThat(problems())
        .singleElement()
        .isEqualTo(
            new InputProblem(
                "big.xlsx",
                "the part xl/worksheets/sheet1.xml holds more than 65536 bytes of XML, more than"
                    + " cardgen reads from one part (a batch takes at most 256 MiB): split the"
                    + " products into several files"));
  }

  @Test
  void thePartsReadTogetherAreBoundedAndOnlyWhatIsReadCounts() throws IOException {
    String[] texts = new String[2_000];
    Arrays.setAll(texts, i -> "текст " + i * 7919);
    Path file =
        aWorkbook()
            .sharedStrings(texts)
            .sheet("Лист1", numberedRows(1_500))
            .sheet("Лист2", numberedRows(8_000))
            .writeTo(dir.resolve("big.xlsx"));
    long read = size(file, "xl/sharedStrings.xml") + size(file, "xl/worksheets/sheet1.xml");
    assertThat(size(file, "xl/worksheets/sheet2.xml")).isGreaterThan(read);

    xlsx(file, limits(1 << 20, read + 10_000, 1 << 20, 1_000)).read(this::take, problems);
    Problems over = new Problems();
    xlsx(file, limits(1 << 20, read - 10_000, 1 << 20, 1_000)).read(this::take, over);

    assertThat(problems()).isEmpty();
    assertThat(problemsOf(over))
        .containsExactly(
            new InputProblem(
                "big.xlsx",
                "the file expands to more than "
                    + (read - 10_000)
                    + " bytes of XML, more than cardgen reads from a workbook (a batch takes at"
                    + " most 256 MiB): split the products into several files"));
  }

  @Test
  void sharedStringsAreHeldOnlyUpToTheirBounds() throws IOException {
    Path file =
        aWorkbook()
            .sharedStrings("short_description", "а".repeat(600), "б".repeat(600))
            .sheet("Лист1", row(1, shared("A1", 0)), row(2, shared("A2", 1)))
            .writeTo(dir.resolve("products.xlsx"));

    xlsx(file, limits(1 << 20, 1 << 30, 1_000, 1_000)).read(this::take, problems);
    Problems tooMany = new Problems();
    xlsx(file, new XlsxLimits(1 << 20, 1 << 30, 100, 100_000, 2, 100_000))
        .read(this::take, tooMany);

    assertThat(problems())
        .containsExactly(
            new InputProblem(
                "products.xlsx",
                "the shared strings of the file (the texts of the cells of all its sheets) hold"
                    + " more than 1000 characters, more than cardgen holds in memory: split the"
                    + " products into several files, or save the sheet as CSV"));
    assertThat(problemsOf(tooMany))
        .containsExactly(
            new InputProblem(
                "products.xlsx",
                "the file holds more than 2 shared strings (the texts of its cells), more than"
                    + " cardgen holds in memory: split the products into several files, or save"
                    + " the sheet as CSV"));
    assertThat(taken).isEmpty();
  }

  @Test
  void aRowOverTheBoundIsRefusedByNumberAndTheOthersAreRead() throws IOException {
    Path file =
        aWorkbook()
            .sharedStrings("short_description", "sku", "я".repeat(2_000), "Ваза")
            .sheet(
                "Лист1",
                row(1, shared("A1", 1), shared("B1", 0)),
                row(2, inline("A2", "r-2"), inline("B2", "Кружка")),
                row(3, inline("A3", "r-3"), inline("B3", "ж".repeat(5_000))),
                row(4, inline("A4", "r-4"), shared("B4", 3)),
                row(5, inline("A5", "r-5"), shared("B5", 2)))
            .writeTo(dir.resolve("products.xlsx"));

    xlsx(file, limits(1 << 20, 1 << 30, 1 << 20, 1_000)).read(this::take, problems);

    assertThat(taken).containsExactly("r-2", "r-4");
    String tooLong =
        "this row of products.xlsx holds more than 1000 characters, more than one item can be"
            + " (the service refuses an item over 32 MiB)";
    assertThat(problems())
        .containsExactly(new InputProblem("row 3", tooLong), new InputProblem("row 5", tooLong));
  }

  @Test
  void aFileThatIsNoZipArchiveIsAProblem() throws IOException {
    Path csv = Files.writeString(dir.resolve("renamed.xlsx"), "sku,short_description\na,b\n");
    Path empty = Files.write(dir.resolve("empty.xlsx"), new byte[0]);

    xlsx(csv, XlsxLimits.DEFAULT).read(this::take, problems);
    xlsx(empty, XlsxLimits.DEFAULT).read(this::take, problems);

    String notZip =
        "this is not an .xlsx workbook (an .xlsx file is a zip archive, and this is not one):"
            + " open it and save it as .xlsx (Excel Workbook), or as CSV UTF-8";
    assertThat(problems())
        .containsExactly(
            new InputProblem("renamed.xlsx", notZip), new InputProblem("empty.xlsx", notZip));
  }

  @Test
  void anOldOrPasswordProtectedOfficeFileIsNamedAsSuch() throws IOException {
    byte[] ole2 = new byte[512];
    byte[] signature = {
      (byte) 0xD0, (byte) 0xCF, 0x11, (byte) 0xE0, (byte) 0xA1, (byte) 0xB1, 0x1A, (byte) 0xE1
    };
    System.arraycopy(signature, 0, ole2, 0, signature.length);
    Path file = Files.write(dir.resolve("protected.xlsx"), ole2);

    xlsx(file, XlsxLimits.DEFAULT).read(this::take, problems);

    assertThat(problems())
        .extracting(InputProblem::message)
        .singleElement()
        .asString()
        .contains("a workbook protected by a password")
        .contains("save it as .xlsx without a password, or as CSV UTF-8");
  }

  @Test
  void aZipWithoutAWorkbookIsAProblem() throws IOException {
    Path file = dir.resolve("photos.xlsx");
    TestWorkbook.write(file, Map.of("photo.txt", "not a workbook"));

    xlsx(file, XlsxLimits.DEFAULT).read(this::take, problems);

    assertThat(problems())
        .containsExactly(
            new InputProblem(
                "photos.xlsx",
                "this zip archive has no workbook part (xl/workbook.xml): is it an .xlsx file?"));
  }

  @Test
  void brokenXmlAndADamagedArchiveAreProblemsNamingThePart() throws IOException {
    Path broken =
        aWorkbook()
            .sheet("Лист1", row(1, inline("A1", "short_description")), "<row r=\"2\"><c></row>")
            .writeTo(dir.resolve("broken.xlsx"));
    Path damaged =
        damage(
            aWorkbook().sheet("Лист1", numberedRows(2_000)).writeTo(dir.resolve("damaged.xlsx")));

    xlsx(broken, XlsxLimits.DEFAULT).read(this::take, problems);
    xlsx(damaged, XlsxLimits.DEFAULT).read(this::take, problems);

    assertThat(problems())
        .extracting(InputProblem::where)
        .containsExactly("broken.xlsx", "damaged.xlsx");
    assertThat(problems())
        .extracting(InputProblem::message)
        .allMatch(message -> message.startsWith("the part xl/worksheets/sheet1.xml is "));
    assertThat(problems().get(0).message()).contains("is not well-formed XML: ParseError at");
  }

  /** A worksheet of 64 MiB of spaces before its rows: about 64 KB compressed. */
  private Path withHugeSheet(Path file) throws IOException {
    return rewrite(
        file,
        "xl/worksheets/sheet1.xml",
        out -> {
          out.write(("<worksheet xmlns=\"" + TestWorkbook.MAIN + "\"><sheetData>").getBytes());
          byte[] spaces = new byte[1 << 20];
          Arrays.fill(spaces, (byte) ' ');
          for (int i = 0; i < 64; i++) {
            out.write(spaces);
          }
          out.write("</sheetData></worksheet>".getBytes());
        });
  }

  private Path withDoctype(Path file, String part, String doctype) throws IOException {
    String content;
    try (ZipFile zip = new ZipFile(file.toFile());
        InputStream in = zip.getInputStream(zip.getEntry(part))) {
      content = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
    int root = content.indexOf('<', content.startsWith("<?xml") ? content.indexOf("?>") : 0);
    String withDoctype =
        content.substring(0, root)
            + doctype
            + content.substring(root).replace(USE_OF_FILE, "&file;");
    return rewrite(file, part, out -> out.write(withDoctype.getBytes(StandardCharsets.UTF_8)));
  }

  /** Flips bytes in the middle of the compressed worksheet. */
  private static Path damage(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    long offset;
    try (ZipFile zip = new ZipFile(file.toFile())) {
      ZipEntry sheet = zip.getEntry("xl/worksheets/sheet1.xml");
      offset =
          indexOf(bytes, "xl/worksheets/sheet1.xml".getBytes()) + sheet.getCompressedSize() / 2;
    }
    for (int i = 0; i < 64; i++) {
      bytes[(int) offset + i] ^= (byte) 0x5A;
    }
    return Files.write(file, bytes);
  }

  private static int indexOf(byte[] bytes, byte[] wanted) {
    for (int i = 0; i + wanted.length <= bytes.length; i++) {
      if (Arrays.equals(bytes, i, i + wanted.length, wanted, 0, wanted.length)) {
        return i;
      }
    }
    throw new IllegalArgumentException("not found");
  }

  private interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  private static Path rewrite(Path file, String part, Content content) throws IOException {
    Map<String, byte[]> entries = new LinkedHashMap<>();
    try (ZipFile zip = new ZipFile(file.toFile())) {
      for (ZipEntry entry : Collections.list(zip.entries())) {
        try (InputStream in = zip.getInputStream(entry)) {
          entries.put(entry.getName(), in.readAllBytes());
        }
      }
    }
    try (ZipOutputStream zip = new ZipOutputStream(Files.newOutputStream(file))) {
      for (Map.Entry<String, byte[]> entry : entries.entrySet()) {
        zip.putNextEntry(new ZipEntry(entry.getKey()));
        if (entry.getKey().equals(part)) {
          content.writeTo(zip);
        } else {
          zip.write(entry.getValue());
        }
        zip.closeEntry();
      }
    }
    return file;
  }

  /** Rows whose text differs from row to row, so they compress as real ones do. */
  private static String[] numberedRows(int count) {
    String[] rows = new String[count + 1];
    rows[0] = row(1, inline("A1", "sku"), inline("B1", "short_description"));
    for (int i = 2; i <= count + 1; i++) {
      rows[i - 1] =
          row(i, inline("A" + i, "sku-" + i * 7919), inline("B" + i, "Кружка номер " + i * 104729));
    }
    return rows;
  }

  /** As the archive declares it: good enough to choose bounds in a test. */
  private static long size(Path file, String part) throws IOException {
    try (ZipFile zip = new ZipFile(file.toFile())) {
      return zip.getEntry(part).getSize();
    }
  }

  private static XlsxLimits limits(
      long partBytes, long totalBytes, long sharedChars, long rowChars) {
    return new XlsxLimits(partBytes, totalBytes, 100, sharedChars, 1_000_000, rowChars);
  }

  private XlsxItems xlsx(Path file, XlsxLimits limits) {
    return xlsx(file, limits, null);
  }

  private XlsxItems xlsx(Path file, XlsxLimits limits, String sheet) {
    return new XlsxItems(file, sheet, photos(), warning -> {}, limits);
  }

  private Photos photos() {
    return new Photos(dir, 1024 * 1024);
  }

  private void take(String origin, String customId, ObjectNode request) {
    taken.add(customId);
    sent.add(request.toString());
  }

  private List<InputProblem> problems() {
    return problemsOf(problems);
  }

  private static List<InputProblem> problemsOf(Problems problems) {
    try {
      problems.throwIfAny();
      return List.of();
    } catch (InvalidInput invalid) {
      return invalid.problems();
    }
  }
}

package io.cardgen.cli.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** How spreadsheet exports and JSONL files become batch items. */
class BatchFilesTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final byte[] PNG = {
    (byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 'I', 'H', 'D', 'R'
  };

  @TempDir Path dir;

  @Test
  void mapsColumnsToRequestFieldsWhateverTheirOrderAndCase() throws IOException {
    List<JsonNode> items =
        items(
            "csv",
            "Length, SKU ,short_description,style,headers,features,product_facts.brand,product_facts.color,creativity,keywords,price\n"
                + "500,sku-1,Кружка,playful,ИСТИНА,no,Acme,,high,\"чай, кофе\",990\n");

    assertThat(items).hasSize(1);
    assertThat(items.get(0).path("custom_id").asString()).isEqualTo("sku-1");
    assertThat(items.get(0).path("request").toString())
        .isEqualTo(
            "{\"creativity\":\"high\",\"features\":false,\"headers\":true,\"keywords\":\"чай, кофе\","
                + "\"length\":500,\"product_facts\":{\"brand\":\"Acme\"},"
                + "\"short_description\":\"Кружка\",\"style\":\"playful\"}");
  }

  @Test
  void readsQuotedCellsWithDelimitersQuotesAndLineBreaks() throws IOException {
    List<JsonNode> items =
        items(
            "csv",
            "custom_id,short_description,style\n"
                + "a-1,\"Кружка, большая \"\"Море\"\"\nвторая строка\",standard\n");

    assertThat(items.get(0).path("request").path("short_description").asString())
        .isEqualTo("Кружка, большая \"Море\"\nвторая строка");
  }

  @Test
  void readsASemicolonExportWithAByteOrderMark() throws IOException {
    List<JsonNode> items =
        items(
            "csv",
            "\uFEFFsku;short_description;style;photos\n"
                + "b-1;Ваза;standard;\"https://p.example/1.jpg;https://p.example/2.jpg\"\n");

    assertThat(items.get(0).path("custom_id").asString()).isEqualTo("b-1");
    assertThat(items.get(0).path("request").path("image_url").toString())
        .isEqualTo("[\"https://p.example/1.jpg\",\"https://p.example/2.jpg\"]");
  }

  @Test
  void readsAWindows1251ExportWhenTold() throws IOException {
    Path file = dir.resolve("cp1251.csv");
    Charset cp1251 = Charset.forName("windows-1251");
    Files.writeString(file, "sku;short_description;style\nc-1;Чайник;standard\n", cp1251);

    List<JsonNode> items = items(file, options(cp1251, Map.of()));

    assertThat(items.get(0).path("request").path("short_description").asString())
        .isEqualTo("Чайник");
  }

  @Test
  void readsAHeaderEndingInANoBreakSpaceAsTyped() throws IOException {
    // a header copied from a web page keeps its no-break space, which String.strip() does not drop
    Path csv = dir.resolve("copied.csv");
    Files.writeString(csv, "Артикул,Описание\u00A0\nsku-1,Чайник\n");

    assertThat(items(csv, options(null, Map.of())).get(0).path("request").toString())
        .isEqualTo("{\"short_description\":\"Чайник\"}");
  }

  @Test
  void readsAWindows1251OrUtf16ExportUntoldAndSaysSo() throws IOException {
    Path cp1251 = dir.resolve("cp1251.csv");
    Files.writeString(
        cp1251,
        "Артикул;Описание;Длина\nsku-1;Куртка зимняя;500\n",
        Charset.forName("windows-1251"));
    // Excel's "Unicode text": UTF-16 with a byte order mark, tab-separated
    Path utf16 = dir.resolve("unicode.csv");
    Files.writeString(utf16, "\uFEFFАртикул\tОписание\nsku-2\tШапка\n", StandardCharsets.UTF_16LE);

    try (PreparedBatch prepared = BatchFiles.prepare(cp1251, options(null, Map.of()))) {
      assertThat(prepared.warnings())
          .containsExactly(
              "cp1251.csv is not UTF-8 text; it is read as windows-1251 (Russian Excel's"
                  + " \"CSV\"). If its letters look wrong, pass --encoding, or save it as \"CSV"
                  + " UTF-8\"");
    }
    assertThat(items(cp1251, options(null, Map.of())).get(0).path("request").toString())
        .isEqualTo("{\"length\":500,\"short_description\":\"Куртка зимняя\"}");
    assertThat(items(utf16, options(null, Map.of())).get(0).path("request").toString())
        .isEqualTo("{\"short_description\":\"Шапка\"}");
  }

  @Test
  void aWindows1251ExportWithGuillemetsOrYoIsStillReadAsWindows1251() throws IOException {
    for (String description : List.of("Куртка «ТОВАР» зимняя", "Шапка ЖЁЛТАЯ — вязаная")) {
      Path csv = dir.resolve("cp1251-" + description.hashCode() + ".csv");
      Files.writeString(
          csv, "Артикул;Описание\nsku-1;" + description + "\n", Charset.forName("windows-1251"));

      assertThat(items(csv, options(null, Map.of())).get(0).path("request").toString())
          .isEqualTo("{\"short_description\":\"" + description + "\"}");
    }
  }

  /**
   * Whatever the share of letters: the review's file had four (4 well-formed sequences to 1 stray
   * byte), which a rule of 8 to 1 read as windows-1251.
   */
  @ParameterizedTest
  @ValueSource(strings = {"Чайник", "Чай", "Ёж"})
  void aUtf8FileWithOneStrayByteIsRefusedByItsRowNotReadAsWindows1251(String word)
      throws IOException {
    Path csv = dir.resolve("stray.csv");
    byte[] head =
        ("sku,short_description\nsku-1,tea\nsku-2," + word).getBytes(StandardCharsets.UTF_8);
    byte[] tail = " pot\n".getBytes(StandardCharsets.UTF_8);
    byte[] content = new byte[head.length + 1 + tail.length];
    System.arraycopy(head, 0, content, 0, head.length);
    content[head.length] = (byte) 0xFF;
    System.arraycopy(tail, 0, content, head.length + 1, tail.length);
    Files.write(csv, content);

    assertThatThrownBy(() -> items(csv, options(null, Map.of())))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid ->
                assertThat(invalid.problems().get(0).message())
                    .startsWith("stray.csv is not UTF-8 text; pass --encoding"));
  }

  @Test
  void aFileNotInTheEncodingGivenOrNotValidCsvIsAProblemNamingIt() throws IOException {
    Path cp1251 = dir.resolve("cp1251.csv");
    Files.writeString(
        cp1251, "sku;short_description\nsku-1;Куртка\n", Charset.forName("windows-1251"));
    Path broken = dir.resolve("broken.csv");
    Files.writeString(broken, "sku,short_description\nsku-1,\"Ромашка\" чай\n");

    assertThatThrownBy(() -> items(cp1251, options(StandardCharsets.UTF_8, Map.of())))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid ->
                assertThat(invalid.problems().get(0).message())
                    .startsWith("cp1251.csv is not UTF-8 text; pass --encoding"));
    assertThatThrownBy(() -> items(broken, options(StandardCharsets.UTF_8, Map.of())))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid -> {
              assertThat(invalid.problems().get(0).where()).isEqualTo("row 2");
              assertThat(invalid.problems().get(0).message()).startsWith("not valid CSV");
            });
  }

  @Test
  void theDelimiterIsTheOneThatFindsTheHeaderUnderATitleWithCommas() throws IOException {
    Path export = dir.resolve("title.csv");
    Files.writeString(
        export, "Прайс-лист, весна 2026;\r\nАртикул;Описание\r\nsku-1;Куртка, зимняя\r\n");
    Path tie = dir.resolve("tie.csv");
    Files.writeString(
        tie,
        "Прайс-лист: куртки, шапки, шарфы, перчатки;;;\n"
            + "Артикул;Описание;Стиль;Фото\nsku-2;Шапка;standard;\n");

    assertThat(items(export, options(StandardCharsets.UTF_8, Map.of())))
        .extracting(item -> item.path("request").path("short_description").asString())
        .containsExactly("Куртка, зимняя");
    assertThat(items(tie, options(StandardCharsets.UTF_8, Map.of())))
        .extracting(item -> item.path("custom_id").asString())
        .containsExactly("sku-2");
  }

  @Test
  void aLinkInTheQueryOfAnImageProxysLinkIsOneLink() throws IOException {
    String proxied = "https://images.weserv.nl/?url=https://example.com/a.jpg";
    List<JsonNode> items =
        items("csv", "sku,short_description,photos\nsku-1,Кружка," + proxied + "\n");

    assertThat(items.get(0).path("request").path("image_url").get(0).asString()).isEqualTo(proxied);
  }

  @Test
  void photosOnSeparateLinesOfACellAreSeveralAndLinksRunTogetherAreRefused() throws IOException {
    assertThat(Photos.split("https://a/1.jpg\nhttps://a/2.jpg\r\nhttps://a/3.jpg"))
        .containsExactly("https://a/1.jpg", "https://a/2.jpg", "https://a/3.jpg");

    for (String cell :
        List.of("https://a/3.jpg, https://a/4.jpg", "https://a/3.jpg,https://a/4.jpg")) {
      Path csv = dir.resolve("links.csv");
      Files.writeString(csv, "sku,short_description,photos\nsku-1,Кружка,\"" + cell + "\"\n");
      assertThatThrownBy(() -> items(csv, options(StandardCharsets.UTF_8, Map.of())))
          .isInstanceOfSatisfying(
              InvalidInput.class,
              invalid ->
                  assertThat(invalid.problems().get(0).message())
                      .startsWith("photo link " + cell)
                      .endsWith("; separate photos with |, ; or a line break within the cell"));
    }
  }

  @Test
  void splitsSeveralPhotosOnPipesAndSemicolonsButNotInsideDataUris() {
    assertThat(Photos.split(" https://a/1.jpg | https://a/2.jpg;data:image/png;base64,iVBO=;x.png"))
        .containsExactly(
            "https://a/1.jpg", "https://a/2.jpg", "data:image/png;base64,iVBO=", "x.png");
  }

  @Test
  void inlinesLocalPhotosRelativeToTheFileAsDataUris() throws IOException {
    Files.createDirectories(dir.resolve("img"));
    Files.write(dir.resolve("img/mug.png"), PNG);

    List<JsonNode> items =
        items(
            "csv",
            "sku,short_description,style,photo_1,photo_2\n"
                + "d-1,Кружка,standard,img/mug.png,https://p.example/1.jpg\n");

    assertThat(items.get(0).path("request").path("image_url").get(0).asString())
        .isEqualTo("data:image/png;base64," + Base64.getEncoder().encodeToString(PNG));
    assertThat(items.get(0).path("request").path("image_url").get(1).asString())
        .isEqualTo("https://p.example/1.jpg");
  }

  @Test
  void refusesMissingOversizedAndNonImagePhotosNamingTheirRows() throws IOException {
    Files.write(dir.resolve("big.png"), new byte[2 * 1024 * 1024]);
    Files.writeString(dir.resolve("notes.jpg"), "not an image");
    Path file = dir.resolve("photos.csv");
    Files.writeString(
        file,
        "sku,short_description,style,photos\n"
            + "e-1,Кружка,standard,gone.jpg\n"
            + "e-2,Кружка,standard,big.png\n"
            + "e-3,Кружка,standard,notes.jpg\n");

    assertThatThrownBy(() -> BatchFiles.prepare(file, options(StandardCharsets.UTF_8, Map.of())))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid ->
                assertThat(invalid.problems())
                    .extracting(InputProblem::where)
                    .containsExactly("row 2 (e-1)", "row 3 (e-2)", "row 4 (e-3)"));
  }

  @Test
  void refusesDuplicateAndMalformedCustomIds() throws IOException {
    Path file = dir.resolve("ids.csv");
    Files.writeString(
        file,
        "sku,short_description,style\n"
            + "f-1,Кружка,standard\n"
            + "f-1,Ваза,standard\n"
            + "артикул 3,Чайник,standard\n");

    assertThatThrownBy(() -> BatchFiles.prepare(file, options(StandardCharsets.UTF_8, Map.of())))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid ->
                assertThat(invalid.problems())
                    .extracting(InputProblem::message)
                    .containsExactly(
                        "custom_id f-1 is already used at row 2 (f-1)",
                        "custom_id «артикул 3» must be 1 to 64 Latin letters, digits or . _ : -"
                            + " (no spaces or Cyrillic)"));
  }

  @Test
  void russianHeadersNameTheSameFieldsAndGiveTheSameBatch() throws IOException {
    String english =
        "sku,short_description,style,length,headers,audience,keywords\n"
            + "sku-1,Кружка,standard,300,да,нет,\"чай, кофе\"\n";
    String russian =
        "Артикул продавца,Описание,Стиль,Длина описания,Заголовки,Целевая аудитория,Ключевые слова\n"
            + "sku-1,Кружка,standard,300,да,нет,\"чай, кофе\"\n";

    assertThat(items("csv", russian).toString()).isEqualTo(items("csv", english).toString());
    assertThat(key("ru.csv", russian)).isEqualTo(key("en.csv", english));
  }

  @Test
  void twoColumnsForOneFieldAreRefusedNamingBoth() throws IOException {
    Path file = dir.resolve("twice.csv");
    Files.writeString(file, "sku,Артикул,short_description,Фото,photo_2\ng-1,g-2,Кружка,,\n");

    assertThatThrownBy(() -> BatchFiles.prepare(file, options(StandardCharsets.UTF_8, Map.of())))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid ->
                assertThat(invalid.problems().get(0).message())
                    .isEqualTo(
                        "more than one column for a field: артикул (custom_id); keep one of each"));
  }

  @Test
  void aFileWithoutTheDescriptionColumnIsRefusedWithTheColumnsFound() throws IOException {
    Path file = dir.resolve("wrong.csv");
    Files.writeString(file, "sku|short_description\ng-1|Кружка\n");

    assertThatThrownBy(() -> BatchFiles.prepare(file, options(StandardCharsets.UTF_8, Map.of())))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid ->
                assertThat(invalid.problems().get(0).message())
                    .startsWith(
                        "no short_description (описание) column (found: sku|short_description)"));
  }

  @Test
  void numbersItemsByRowWhenThereIsNoIdColumn() throws IOException {
    List<JsonNode> items =
        items("csv", "short_description,style\nКружка,standard\n\nВаза,standard\n");

    // Named as every earlier version named them, empty lines not counted: the same file must give
    // the same items, or a submit after an upgrade would be a new batch, charged again.
    assertThat(items)
        .extracting(item -> item.path("custom_id").asString())
        .containsExactly("row-2", "row-3");
  }

  @Test
  void namesRowsInMessagesAsTheSpreadsheetShowsThemEmptyLinesIncluded() throws IOException {
    Path csv = dir.resolve("gaps.csv");
    Files.writeString(csv, "sku,short_description,length\nsku-1,Куртка,500\n\n\nsku 3,Шарф,500\n");

    assertThatThrownBy(() -> items(csv, options(StandardCharsets.UTF_8, Map.of())))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid -> assertThat(invalid.problems().get(0).where()).isEqualTo("row 5 (sku 3)"));
  }

  @Test
  void aRetryOfItemsNamedByTheirRowWarnsThatTheRowsMustNotHaveMoved() throws IOException {
    Path csv = dir.resolve("no-ids.csv");
    Files.writeString(csv, "short_description\nКружка\nВаза\n");
    SubmitOptions retry =
        new SubmitOptions(
            null,
            StandardCharsets.UTF_8,
            null,
            1 << 20,
            null,
            Map.of(),
            false,
            null,
            new RetrySelection("bat_1", java.util.Set.of("row-3")));

    try (PreparedBatch prepared = BatchFiles.prepare(csv, retry)) {
      assertThat(prepared.origins()).containsExactly("row 3 (row-3)");
      assertThat(prepared.warnings())
          .containsExactly(
              "the items are named by their row (no custom_id column): if rows were inserted or"
                  + " deleted since bat_1, other rows than those that failed are submitted");
    }
  }

  @Test
  void skipsRowsOfEmptyCellsAsSpreadsheetProgramsExportThem() throws IOException {
    List<JsonNode> items =
        items("csv", "short_description,style\nКружка,standard\n,\n  , \t\nВаза,playful\n");

    assertThat(items)
        .extracting(item -> item.path("custom_id").asString())
        .containsExactly("row-2", "row-5");
  }

  @Test
  void skipsATotalsRowWithValuesOnlyInColumnsNotReadAndSaysSo() throws IOException {
    Path csv = dir.resolve("totals.csv");
    Files.writeString(
        csv, "sku,short_description,price\nsku-1,Кружка,990\nsku-2,Ваза,1500\n,,Итого 2490\n");

    try (PreparedBatch prepared =
        BatchFiles.prepare(csv, options(StandardCharsets.UTF_8, Map.of()))) {
      assertThat(prepared.origins()).containsExactly("row 2 (sku-1)", "row 3 (sku-2)");
      assertThat(prepared.warnings())
          .contains("row 4 has values only in columns that are not read (a total?); skipped");
    }
  }

  @Test
  void readsJsonlItemsAndRefusesBrokenLinesByNumber() throws IOException {
    List<JsonNode> items =
        items(
            "jsonl",
            "{\"custom_id\":\"h-1\",\"request\":{\"style\":\"standard\",\"short_description\":\"Кружка\"}}\n"
                + "\n"
                + "{\"request\":{},\"custom_id\":\"h-2\"}\n");
    assertThat(items)
        .extracting(item -> item.path("custom_id").asString())
        .containsExactly("h-1", "h-2");

    Path broken = dir.resolve("broken.jsonl");
    Files.writeString(
        broken,
        "{\"custom_id\":\"h-1\",\"request\":{}}\n{\"custom_id\":\"h-2\",\"custom_id\":\"h-3\",\"request\":{}}\n[1]\n");
    assertThatThrownBy(() -> BatchFiles.prepare(broken, options(StandardCharsets.UTF_8, Map.of())))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid ->
                assertThat(invalid.problems())
                    .extracting(InputProblem::where)
                    .containsExactly("line 2", "line 3"));
  }

  @Test
  void aOneColumnFileKeepsTheSemicolonsOfItsDescriptions() throws IOException {
    List<JsonNode> items =
        items("csv", "short_description\n\"Футболка, белая\"\nСостав: хлопок 95%; эластан 5%\n");

    assertThat(items)
        .extracting(item -> item.path("request").path("short_description").asString())
        .containsExactly("Футболка, белая", "Состав: хлопок 95%; эластан 5%");
  }

  @Test
  void passesOverTitleLinesAboveTheHeaderOfACsvExport() throws IOException {
    // Excel's "CSV (semicolon)" export of a sheet with a title, a blank row and a note
    Path export = dir.resolve("price.csv");
    Files.writeString(
        export,
        "Прайс-лист, весна 2026;;\n;;\nЦены с НДС;;\nАртикул;Описание;Цена\nmug-1;Кружка;990\n");
    // typed by hand: a title without any delimiter, then the header
    Path typed = dir.resolve("typed.csv");
    Files.writeString(typed, "Новинки\nsku;short_description\nvase-2;Ваза\n");

    try (PreparedBatch prepared =
        BatchFiles.prepare(export, options(StandardCharsets.UTF_8, Map.of()))) {
      assertThat(prepared.origins()).containsExactly("row 5 (mug-1)");
      assertThat(prepared.warnings())
          .containsExactly(
              "reading row 4 as the header; rows 1–3 above it (a title or a note) are not read",
              "ignoring columns: цена");
    }
    assertThat(items(typed, options(StandardCharsets.UTF_8, Map.of())))
        .extracting(item -> item.path("request").path("short_description").asString())
        .containsExactly("Ваза");
  }

  private List<JsonNode> items(String extension, String content) throws IOException {
    Path file = dir.resolve("input." + extension);
    Files.writeString(file, content);
    return items(file, options(StandardCharsets.UTF_8, Map.of()));
  }

  private String key(String name, String content) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, content);
    try (PreparedBatch prepared =
        BatchFiles.prepare(file, options(StandardCharsets.UTF_8, Map.of()))) {
      return prepared.idempotencyKey();
    }
  }

  static List<JsonNode> items(Path file, SubmitOptions options) throws IOException {
    try (PreparedBatch prepared = BatchFiles.prepare(file, options)) {
      assertThat(prepared.upload().contentType()).isEqualTo("application/x-ndjson");
      List<JsonNode> items = new ArrayList<>();
      for (String line : Files.readAllLines(prepared.upload().body())) {
        items.add(JSON.readTree(line));
      }
      assertThat(items).hasSize(prepared.items());
      return items;
    }
  }

  static SubmitOptions options(Charset charset, Map<String, String> metadata) {
    return new SubmitOptions(null, charset, null, 1024 * 1024, null, metadata);
  }
}

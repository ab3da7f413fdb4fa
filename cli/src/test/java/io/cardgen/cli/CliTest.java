package io.cardgen.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.cli.results.CardsXlsx;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.json.JsonMapper;

/** The CLI end to end against {@link FakeBatchApi}: submit → watch → results, and failures. */
class CliTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @TempDir Path dir;
  private FakeBatchApi api;
  private CliRunner cli;

  @BeforeEach
  void start() throws IOException {
    api = new FakeBatchApi();
    cli = new CliRunner(api.baseUrl(), FakeBatchApi.KEY);
  }

  @AfterEach
  void stop() {
    api.close();
  }

  @Test
  void submitsWaitsAndDownloadsAFlatCsvOfTheCards() throws IOException {
    Path csv = products(10, 4);

    CliRunner.Run submitted = cli.run("batch", "submit", csv.toString(), "--wait");

    assertThat(submitted.exit()).as(submitted.err()).isZero();
    assertThat(submitted.out())
        .isEqualTo("bat_1\nbat_1 completed: 9 succeeded, 1 failed, 0 cancelled of 10 in 1m 4s\n");
    assertThat(submitted.err())
        .contains("Submitting 10 item(s)")
        .contains("10/10 items")
        .contains("completed, failed 1, cancelled 0")
        .contains("Failed items:\n  sku-4: generation_failed: Сбой генерации.\n")
        .contains("All of them: cardgen batch results bat_1 --status failed -o failed.csv");
    assertThat(api.contentTypes).containsExactly("application/x-ndjson");

    Path cards = dir.resolve("cards.csv");
    CliRunner.Run results = cli.run("batch", "results", "bat_1", "-o", cards.toString());

    assertThat(results.exit()).as(results.err()).isZero();
    List<CSVRecord> rows = CardsCsv.rows(cards);
    assertThat(rows)
        .extracting(row -> row.get("custom_id"))
        .containsExactly(
            "sku-1", "sku-2", "sku-3", "sku-4", "sku-5", "sku-6", "sku-7", "sku-8", "sku-9",
            "sku-10");
    assertThat(rows.get(3).get("status")).isEqualTo("failed");
    assertThat(rows.get(3).get("error_code")).isEqualTo("generation_failed");
    assertThat(rows.get(0).get("description"))
        .isEqualTo("Описание, с запятой и \"кавычками\"\nи второй строкой");
    assertThat(rows.get(0).get("features")).isEqualTo("Прочный\nЛёгкий");
  }

  @Test
  void theSecondSubmitOfTheSameFileReusesTheBatch() throws IOException {
    Path csv = products(5, 0);

    CliRunner.Run first = cli.run("batch", "submit", csv.toString());
    CliRunner.Run second = cli.run("batch", "submit", csv.toString());

    assertThat(first.exit()).isZero();
    assertThat(second.exit()).isZero();
    assertThat(second.firstLine()).isEqualTo(first.firstLine()).isEqualTo("bat_1");
    assertThat(api.creations).hasValue(1);

    Files.writeString(csv, Files.readString(csv).replace("Кружка 3", "Кружка третья"));
    CliRunner.Run changed = cli.run("batch", "submit", csv.toString());
    assertThat(changed.firstLine()).isEqualTo("bat_2");
    assertThat(api.creations).hasValue(2);
  }

  @Test
  void resumesAnInterruptedDownloadWithoutDuplicates() throws IOException {
    String id = cli.run("batch", "submit", products(12, 0).toString()).firstLine();
    api.itemsPerPoll = 6;
    cli.run("batch", "list"); // nothing finishes on a listing
    api.batch(id).advance(6);
    Path cards = dir.resolve("cards.jsonl");

    assertThat(cli.run("batch", "results", id, "-o", cards.toString()).exit()).isZero();
    assertThat(seqs(cards)).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
    // killed while writing the next line
    Files.writeString(cards, "{\"seq\": 7, \"custom_", StandardOpenOption.APPEND);
    assertThat(cli.run("batch", "watch", id).exit()).isZero();

    CliRunner.Run resumed = cli.run("batch", "results", id, "-o", cards.toString());

    assertThat(resumed.exit()).as(resumed.err()).isZero();
    assertThat(resumed.err()).contains("Resuming " + cards + " after seq 6");
    assertThat(api.queries).contains("after=6");
    assertThat(seqs(cards)).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L, 12L);
  }

  @Test
  void downloadsAWorkbookAndWritesItAnewWithWhatFinishedSince() throws IOException {
    Path csv = products(12, 0);
    String id = cli.run("batch", "submit", csv.toString()).firstLine();
    api.itemsPerPoll = 6;
    cli.run("batch", "list"); // nothing finishes on a listing
    api.batch(id).advance(6);
    Path cards = dir.resolve("cards.xlsx");

    CliRunner.Run first = cli.run("batch", "results", id, "-o", cards.toString());

    assertThat(first.exit()).as(first.err()).isZero();
    assertThat(first.err()).contains("Wrote " + cards + " from " + cards + ".jsonl");
    assertThat(CardsXlsx.rows(cards)).hasSize(7);
    assertThat(CardsXlsx.rows(cards).get(0)).isEqualTo(CardsXlsx.HEADER);
    assertThat(seqs(dir.resolve("cards.xlsx.jsonl"))).containsExactly(1L, 2L, 3L, 4L, 5L, 6L);
    assertThat(cli.run("batch", "watch", id).exit()).isZero();

    CliRunner.Run second = cli.run("batch", "results", id, "-o", cards.toString());

    assertThat(second.exit()).as(second.err()).isZero();
    assertThat(api.queries).contains("after=6");
    List<List<String>> rows = CardsXlsx.rows(cards);
    assertThat(rows).hasSize(13);
    assertThat(rows.subList(1, 13))
        .extracting(row -> row.get(1))
        .containsExactly(
            "sku-1", "sku-2", "sku-3", "sku-4", "sku-5", "sku-6", "sku-7", "sku-8", "sku-9",
            "sku-10", "sku-11", "sku-12");
    assertThat(rows.get(1).get(CardsXlsx.HEADER.indexOf("description")))
        .isEqualTo("Описание, с запятой и \"кавычками\"\nи второй строкой");
  }

  @Test
  void aWorkbookOfOneBatchIsNotContinuedWithAnothersResults() throws IOException {
    String first = cli.run("batch", "submit", products(3, 0).toString(), "--wait").firstLine();
    String second = cli.run("batch", "submit", products(5, 0).toString(), "--wait").firstLine();
    Path cards = dir.resolve("cards.xlsx");
    assertThat(cli.run("batch", "results", first, "-o", cards.toString()).exit()).isZero();
    byte[] firstWorkbook = Files.readAllBytes(cards);

    CliRunner.Run mixed = cli.run("batch", "results", second, "-o", cards.toString());

    assertThat(mixed.exit()).isEqualTo(1);
    assertThat(mixed.err()).contains("holds the results of " + first + ", not " + second);
    assertThat(Files.readAllBytes(cards)).isEqualTo(firstWorkbook);
    CliRunner.Run replaced =
        cli.run("batch", "results", second, "-o", cards.toString(), "--overwrite");
    assertThat(replaced.exit()).as(replaced.err()).isZero();
    assertThat(replaced.err()).contains("Wrote 5 new result(s)");
  }

  @Test
  void neverReplacesASpreadsheetItDidNotWrite() throws IOException {
    String id = cli.run("batch", "submit", products(2, 0).toString(), "--wait").firstLine();
    Path mine = dir.resolve("products.xlsx");
    try (InputStream fixture = getClass().getResourceAsStream("/xlsx/openpyxl-products.xlsx")) {
      Files.copy(fixture, mine);
    }
    byte[] before = Files.readAllBytes(mine);

    CliRunner.Run results = cli.run("batch", "results", id, "-o", mine.toString());

    assertThat(results.exit()).isEqualTo(1);
    assertThat(results.err()).contains("is not a results workbook written by cardgen");
    assertThat(Files.readAllBytes(mine)).isEqualTo(before);
    assertThat(dir.resolve("products.xlsx.jsonl")).doesNotExist();
  }

  @Test
  void aResultsStreamThatBreaksIsResumedAfterTheLastLineWritten() throws IOException {
    String id = cli.run("batch", "submit", products(8, 0).toString(), "--wait").firstLine();
    api.breakResultsAfter = 3;
    Path cards = dir.resolve("cards.jsonl");

    CliRunner.Run results = cli.run("batch", "results", id, "-o", cards.toString());

    assertThat(results.exit()).as(results.err()).isZero();
    assertThat(api.queries).contains("after=3");
    assertThat(seqs(cards)).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L);
  }

  @Test
  void aDownloadOfFailedItemsIsNotContinuedAsADownloadOfAll() throws IOException {
    String id = cli.run("batch", "submit", products(10, 4).toString(), "--wait").firstLine();
    Path cards = dir.resolve("cards.jsonl");
    assertThat(cli.run("batch", "results", id, "--status", "failed", "-o", cards.toString()).exit())
        .isZero();
    assertThat(seqs(cards)).containsExactly(4L);
    byte[] failedOnly = Files.readAllBytes(cards);
    api.queries.clear();

    CliRunner.Run all = cli.run("batch", "results", id, "-o", cards.toString());

    assertThat(all.exit()).isEqualTo(1);
    assertThat(all.err())
        .contains("holds only failed results up to seq 4")
        .contains("run the command with --status failed, or pass --overwrite");
    assertThat(Files.readAllBytes(cards)).isEqualTo(failedOnly);
    assertThat(api.queries).isEmpty();

    CliRunner.Run afresh = cli.run("batch", "results", id, "-o", cards.toString(), "--overwrite");
    assertThat(afresh.exit()).as(afresh.err()).isZero();
    assertThat(seqs(cards)).containsExactly(1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L);
  }

  @Test
  void retriesOnlyTheRowsWhoseItemsFailedAsANewBatch() throws IOException {
    // Rows 2 and 4 fail; row 3's local photo is gone since, and is not read: it is not retried.
    Files.write(
        dir.resolve("3.png"),
        new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 'I', 'H'});
    Path csv = dir.resolve("catalogue.csv");
    Files.writeString(
        csv,
        """
        sku,short_description,photos
        sku-1,Кружка 1,https://photos.example/1.jpg
        sku-2,Кружка 2 [sim:fail],https://photos.example/2.jpg
        sku-3,Кружка 3,3.png
        sku-4,Кружка 4 [sim:fail],https://photos.example/4.jpg
        """);
    CliRunner.Run submitted = cli.run("batch", "submit", csv.toString(), "--wait");
    assertThat(submitted.exit()).as(submitted.err()).isZero();
    String first = submitted.firstLine();
    Files.delete(dir.resolve("3.png"));

    CliRunner.Run retried = cli.run("batch", "submit", csv.toString(), "--retry-failed-of", first);

    assertThat(retried.exit()).as(retried.err()).isZero();
    assertThat(retried.err())
        .contains(first + " has 2 failed item(s); submitting their rows again")
        .contains("Submitting 2 item(s)");
    String second = retried.firstLine();
    assertThat(second).isNotEqualTo(first);
    assertThat(api.batch(second).items)
        .extracting(item -> item.path("custom_id").asString())
        .containsExactly("sku-2", "sku-4");

    // Run again (a lost answer): the same new batch. The failures of the retry: a third one.
    assertThat(cli.run("batch", "submit", csv.toString(), "--retry-failed-of", first).firstLine())
        .isEqualTo(second);
    api.batch(second).advance(2);
    CliRunner.Run again = cli.run("batch", "submit", csv.toString(), "--retry-failed-of", second);
    assertThat(again.exit()).as(again.err()).isZero();
    assertThat(again.firstLine()).isNotIn(first, second);
    assertThat(api.creations).hasValue(3);
  }

  @Test
  void aRetryWaitsForTheBatchToEndAndSaysWhenNothingFailed() throws IOException {
    Path csv = products(4, 0);
    String running = cli.run("batch", "submit", csv.toString()).firstLine();
    api.itemsPerPoll = 0;

    CliRunner.Run early = cli.run("batch", "submit", csv.toString(), "--retry-failed-of", running);

    assertThat(early.exit()).isEqualTo(1);
    assertThat(early.err()).contains(running + " is still in_progress (0 of 4 finished)");
    api.batch(running).advance(4);
    CliRunner.Run none = cli.run("batch", "submit", csv.toString(), "--retry-failed-of", running);
    assertThat(none.exit()).as(none.err()).isZero();
    assertThat(none.out()).isEmpty();
    assertThat(none.err()).contains(running + " has no failed items; nothing to submit");
    assertThat(api.creations).hasValue(1);
  }

  @Test
  void aRetryNamesTheFailedItemsTheFileNoLongerHas() throws IOException {
    String id = cli.run("batch", "submit", products(6, 5).toString(), "--wait").firstLine();
    Path edited = products(3, 0);

    CliRunner.Run retried = cli.run("batch", "submit", edited.toString(), "--retry-failed-of", id);

    assertThat(retried.exit()).isEqualTo(2);
    assertThat(retried.err())
        .contains("none of the 1 failed item(s) of " + id + " is in this file");
    assertThat(api.creations).hasValue(1);
  }

  @Test
  void cancelsAndLists() throws IOException {
    String id = cli.run("batch", "submit", products(6, 0).toString()).firstLine();

    CliRunner.Run cancelled = cli.run("batch", "cancel", id);
    CliRunner.Run listed = cli.run("batch", "list", "--limit", "5");

    assertThat(cancelled.exit()).isZero();
    assertThat(cancelled.out())
        .startsWith(id + " cancelled: 0 succeeded, 0 failed, 6 cancelled of 6");
    assertThat(listed.exit()).isZero();
    assertThat(listed.out().lines()).hasSize(2);
    assertThat(listed.out()).contains(id).contains("cancelled");
  }

  @Test
  void metadataSendsTheJsonFormAndTheWebhookGoesInTheNdjsonQuery() throws IOException {
    Path csv = products(2, 0);

    cli.run("batch", "submit", csv.toString(), "--webhook-url", "https://seller.example/hook");
    cli.run("batch", "submit", csv.toString(), "--metadata", "import=autumn");

    assertThat(api.contentTypes).containsExactly("application/x-ndjson", "application/json");
    assertThat(api.queries.get(0)).isEqualTo("webhook_url=https%3A%2F%2Fseller.example%2Fhook");
    assertThat(api.batch("bat_2").metadata).containsEntry("import", "autumn");
    assertThat(api.creations).hasValue(2);
  }

  @Test
  void aWrongKeyIsAnAccessErrorThatNeverPrintsTheKey() throws IOException {
    cli.env.put("CARDGEN_API_KEY", "sk-wrong-secret");

    CliRunner.Run run = cli.run("batch", "submit", products(1, 0).toString());

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.err())
        .contains("cardgen: Неверный ключ API. (HTTP 401 unauthorized). Hint: check the API key")
        .doesNotContain("sk-wrong-secret");
  }

  @Test
  void tooFewCreditsRefusesTheWholeBatch() throws IOException {
    api.credits = 2;

    CliRunner.Run run = cli.run("batch", "submit", products(3, 0).toString());

    assertThat(run.exit()).isEqualTo(3);
    assertThat(run.err())
        .contains("Недостаточно кредитов.")
        .contains("insufficient_credits")
        .contains("top up");
    assertThat(api.creations).hasValue(0);
  }

  @Test
  void anUnknownBatchIsNotFound() {
    CliRunner.Run run = cli.run("batch", "watch", "bat_nope");

    assertThat(run.exit()).isEqualTo(4);
    assertThat(run.err()).contains("Пакет не найден.").contains("HTTP 404 not_found");
  }

  @Test
  void aRefusedBatchNamesTheRowsOfTheSpreadsheet() throws IOException {
    Path csv = dir.resolve("bad.csv");
    Files.writeString(csv, "sku,short_description,style\nsku-1,Кружка,standard\nsku-2,,standard\n");

    CliRunner.Run run = cli.run("batch", "submit", csv.toString());

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err())
        .contains("  row 3 (sku-2): Поле «short_description» обязательно. [invalid_parameters]")
        .contains("(HTTP 422 invalid_parameters)");
  }

  @Test
  void aKeyUsedForOtherContentIsAConflict() throws IOException {
    assertThat(
            cli.run("batch", "submit", products(2, 0).toString(), "--idempotency-key", "k-1")
                .exit())
        .isZero();

    CliRunner.Run run =
        cli.run("batch", "submit", products(3, 0).toString(), "--idempotency-key", "k-1");

    assertThat(run.exit()).isEqualTo(6);
    assertThat(run.err()).contains("idempotency_conflict");
  }

  @Test
  void unavailableAndRateLimitedAnswersAreRetriedWithTheSameKey() throws IOException {
    api.answerNext(503, 429);

    CliRunner.Run run = cli.run("batch", "submit", products(2, 0).toString());

    assertThat(run.exit()).as(run.err()).isZero();
    assertThat(cli.pauses).containsExactly(Duration.ofSeconds(7), Duration.ofSeconds(7));
    assertThat(api.creations).hasValue(1);
  }

  @Test
  void aServiceThatStaysUnavailableEndsWithExitFive() throws IOException {
    api.answerNext(503, 503, 503, 503, 503, 503);

    CliRunner.Run run = cli.run("batch", "submit", products(2, 0).toString());

    assertThat(run.exit()).isEqualTo(5);
    assertThat(run.err()).contains("generation_unavailable").contains("run the same command again");
    assertThat(cli.pauses).hasSize(5);
  }

  @Test
  void anUnreachableServiceIsANetworkError() throws IOException {
    String base = api.baseUrl();
    api.close();
    CliRunner offline = new CliRunner(base, FakeBatchApi.KEY);

    CliRunner.Run run = offline.run("batch", "list");

    assertThat(run.exit()).isEqualTo(5);
    assertThat(run.err())
        .contains("cardgen: no connection (ConnectException), retrying in 1 s")
        .contains("cardgen: cannot reach " + base);
    assertThat(offline.pauses).hasSize(5);
  }

  @Test
  void withoutAnApiKeyItIsAUsageError() {
    cli.env.remove("CARDGEN_API_KEY");

    CliRunner.Run run = cli.run("batch", "list");

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).contains("no API key: pass --api-key or set CARDGEN_API_KEY");
  }

  @Test
  void aMissingLocalPhotoStopsTheSubmitBeforeAnythingIsSent() throws IOException {
    Path csv = dir.resolve("photos.csv");
    Files.writeString(
        csv, "sku,short_description,style,photos\nsku-1,Кружка,standard,missing.jpg\n");

    CliRunner.Run run = cli.run("batch", "submit", csv.toString());

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err()).contains("  row 2 (sku-1): photo file not found: missing.jpg");
    assertThat(api.creations).hasValue(0);
    assertThat(api.queries).isEmpty();
  }

  @Test
  void aLocalPhotoOutsideTheSpreadsheetsFolderIsReadOnlyWithAllowPhotosAnywhere()
      throws IOException {
    Path shop = Files.createDirectories(dir.resolve("shop"));
    Files.write(
        dir.resolve("private.png"),
        new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13});
    Path csv = shop.resolve("photos.csv");
    Files.writeString(
        csv, "sku,short_description,style,photos\nsku-1,Кружка,standard,../private.png\n");

    CliRunner.Run refused = cli.run("batch", "submit", csv.toString());

    assertThat(refused.exit()).isEqualTo(2);
    assertThat(refused.err())
        .contains("  row 2 (sku-1): photo ../private.png is not in the input file's folder")
        .contains("pass --allow-photos-anywhere if you trust the file");
    assertThat(api.queries).isEmpty();

    CliRunner.Run allowed = cli.run("batch", "submit", csv.toString(), "--allow-photos-anywhere");

    assertThat(allowed.exit()).as(allowed.err()).isZero();
    assertThat(api.creations).hasValue(1);
  }

  @Test
  void submitsAWorkbookAndItsCsvExportAsOneBatch() throws Exception {
    Path xlsx = dir.resolve("products.xlsx");
    Files.copy(Path.of(getClass().getResource("/xlsx/openpyxl-products.xlsx").toURI()), xlsx);
    Path csv = dir.resolve("products.csv");
    Files.writeString(
        csv,
        "sku;short_description;style;length;headers;features;product_facts.brand;"
            + "product_facts.weight_kg\n"
            + "mug-1;Кружка керамическая, 350 мл;playful;500;ИСТИНА;ЛОЖЬ;Акме;0.35\n"
            + "vase-2;Ваза «Море» с ручкой;standard;;ЛОЖЬ;ИСТИНА;;1.5\n"
            + "teapot-3;\"Чайник\nс двумя строками\";storytelling;1200;;ИСТИНА;Acme;2\n");

    CliRunner.Run workbook = cli.run("batch", "submit", xlsx.toString());
    CliRunner.Run export = cli.run("batch", "submit", csv.toString());
    CliRunner.Run secondSheet = cli.run("batch", "submit", xlsx.toString(), "--sheet", "Новинки");

    assertThat(workbook.exit()).as(workbook.err()).isZero();
    assertThat(workbook.err())
        .contains(
            "warning: reading the sheet «Товары» of products.xlsx; its sheets: Товары, Новинки"
                + " (pass --sheet NAME for another)")
        .contains("warning: ignoring columns: price, total")
        .contains("Submitting 3 item(s) from " + xlsx);
    assertThat(export.firstLine()).isEqualTo(workbook.firstLine()).isEqualTo("bat_1");
    assertThat(secondSheet.exit()).as(secondSheet.err()).isZero();
    assertThat(secondSheet.err()).contains("Submitting 1 item(s)");
    assertThat(api.creations).hasValue(2);
  }

  @Test
  void aSpreadsheetItCannotReadIsRefusedByNameBeforeAnythingIsSent() throws IOException {
    Path xls = Files.write(dir.resolve("products.xls"), new byte[] {(byte) 0xD0, (byte) 0xCF});

    CliRunner.Run run = cli.run("batch", "submit", xls.toString());
    CliRunner.Run sheetOfACsv =
        cli.run("batch", "submit", products(1, 0).toString(), "--sheet", "Товары");

    assertThat(run.exit()).isEqualTo(2);
    assertThat(run.err())
        .contains(
            "  products.xls: this is an Excel 97-2003 workbook, which cardgen does not read: open"
                + " it and save or export it as .xlsx (Excel Workbook) or as CSV UTF-8");
    assertThat(sheetOfACsv.exit()).isEqualTo(1);
    assertThat(sheetOfACsv.err())
        .contains("--sheet is for .xlsx files; a CSV or JSONL file has one table");
    assertThat(api.queries).isEmpty();
  }

  @Test
  void aPhotoLimitBeyondWhatABatchCanHoldIsRefused() throws IOException {
    // 2048 MiB overflowed the int the photo was read into, an "unexpected failure" (review)
    CliRunner.Run run =
        cli.run("batch", "submit", products(1, 0).toString(), "--max-photo-mib", "2048");

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err()).contains("--max-photo-mib must be 1 to 256");
    assertThat(api.queries).isEmpty();
  }

  @Test
  void theKeyIsNotSentInPlainHttpToAnotherComputer() {
    cli.env.put("CARDGEN_BASE_URL", "http://cardgen.invalid:8080");

    CliRunner.Run run = cli.run("batch", "list");

    assertThat(run.exit()).isEqualTo(1);
    assertThat(run.err())
        .contains(
            "cardgen: the base URL http://cardgen.invalid:8080 is plain http to another computer,"
                + " which would send the API key unencrypted: use https://, or pass"
                + " --allow-plain-http")
        .doesNotContain(FakeBatchApi.KEY);
    assertThat(cli.pauses).isEmpty();
  }

  /** {@code count} products; row {@code failing} (1-based, 0 for none) makes its item fail. */
  /** Past the first ten failures the digest counts the rest and stops reading the stream. */
  @Test
  void aWatchListsTheFirstTenFailedItemsWithTheirMessagesSafeToPrint() throws IOException {
    StringBuilder csv = new StringBuilder("sku,short_description,style,photos\n");
    for (int i = 1; i <= 14; i++) {
      csv.append("sku-").append(i).append(",Кружка ").append(i).append(" [sim:fail]");
      csv.append(",standard,https://photos.example/").append(i).append(".jpg\n");
    }
    Path file = dir.resolve("all-failing.csv");
    Files.writeString(file, csv);
    api.failureMessage = "Фото 1: сервер ответил \u001b[2J HTTP 404.";

    CliRunner.Run submitted = cli.run("batch", "submit", file.toString(), "--wait");

    assertThat(submitted.exit()).as(submitted.err()).isZero();
    assertThat(submitted.out()).contains("0 succeeded, 14 failed");
    assertThat(submitted.err())
        .contains("Failed items (the first 10 of 14):\n")
        .contains("  sku-1: generation_failed: Фото 1: сервер ответил \uFFFD[2J HTTP 404.\n")
        .contains("  sku-10: ")
        .doesNotContain("sku-11: ")
        .doesNotContain("\u001b[2J");
    CliRunner.Run watched = cli.run("batch", "watch", "bat_1");
    assertThat(watched.err()).contains("Failed items (the first 10 of 14):");
  }

  private Path products(int count, int failing) throws IOException {
    StringBuilder csv = new StringBuilder("sku,short_description,style,photos\n");
    for (int i = 1; i <= count; i++) {
      String description = "Кружка " + i + (i == failing ? " [sim:fail]" : "");
      csv.append("sku-")
          .append(i)
          .append(',')
          .append(description)
          .append(",standard,https://photos.example/")
          .append(i)
          .append(".jpg\n");
    }
    Path file = dir.resolve("products-" + count + ".csv");
    Files.writeString(file, csv);
    return file;
  }

  private static List<Long> seqs(Path jsonl) throws IOException {
    List<Long> seqs = new ArrayList<>();
    for (String line : Files.readAllLines(jsonl)) {
      seqs.add(JSON.readTree(line).path("seq").asLong());
    }
    return seqs;
  }
}

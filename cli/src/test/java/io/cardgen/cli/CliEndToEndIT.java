package io.cardgen.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.imageio.ImageIO;
import org.apache.commons.csv.CSVRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * The acceptance run of issue 10: against the real standalone (embedded PostgreSQL, Kafka, S3 and
 * the LLM simulator), a 200-row CSV whose photos are links to a local HTTP server becomes a results
 * CSV — submit → watch → results, the second submit reusing the batch, and a download interrupted
 * half-way resumed without duplicates. Money is checked too: exactly the succeeded items charged,
 * nothing left reserved.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CliEndToEndIT {

  private static final int ROWS = 200;
  private static final Set<Integer> FAILING = Set.of(7, 77, 177);

  private StandaloneProcess standalone;
  private HttpServer photos;
  private String accountId;
  private CliRunner cli;

  @BeforeAll
  void start() throws Exception {
    photos = photoServer();
    standalone =
        StandaloneProcess.start(
            Map.of("CARDGEN_IMAGES_PRIVATE_HOST_ALLOWLIST", "127.0.0.1/32"),
            "--cardgen.images.private-host-allowlist=127.0.0.1/32");
    standalone.admin(
        "POST",
        "/admin/plans",
        "{\"name\":\"cli-bulk\",\"api_access\":true,\"max_photos\":3,\"max_length\":3000,"
            + "\"features_count\":5,\"audience\":true,\"headers_count\":3,\"slogans_count\":3,"
            + "\"creativity\":true,\"keywords\":true,\"rate_limit_per_minute\":10000}");
    JsonNode account =
        standalone.admin(
            "POST",
            "/admin/accounts",
            "{\"name\":\"cli-seller\",\"plan\":\"cli-bulk\",\"credits\":1000}");
    accountId = account.path("id").asString();
    cli = new CliRunner(standalone.baseUrl(), account.path("api_key").asString());
  }

  @AfterAll
  void stop() {
    if (standalone != null) {
      standalone.close();
    }
    if (photos != null) {
      photos.stop(0);
    }
  }

  @Test
  void aSpreadsheetOf200ProductsBecomesAResultsCsv(@TempDir Path dir) throws Exception {
    Path products = spreadsheet(dir);

    CliRunner.Run submitted = cli.run("batch", "submit", products.toString(), "--wait");

    assertThat(submitted.exit()).as(submitted.err()).isZero();
    String id = submitted.firstLine();
    assertThat(submitted.out())
        .contains(
            id
                + " completed: "
                + (ROWS - FAILING.size())
                + " succeeded, "
                + FAILING.size()
                + " failed, 0 cancelled of "
                + ROWS);

    CliRunner.Run again = cli.run("batch", "submit", products.toString());
    assertThat(again.exit()).isZero();
    assertThat(again.firstLine()).isEqualTo(id);

    Path cards = dir.resolve("cards.csv");
    assertThat(cli.run("batch", "results", id, "-o", cards.toString()).exit()).isZero();
    cutInTheMiddleOfARecord(cards);
    CliRunner.Run resumed = cli.run("batch", "results", id, "-o", cards.toString());
    assertThat(resumed.exit()).as(resumed.err()).isZero();
    assertThat(resumed.err()).contains("Resuming");

    List<CSVRecord> rows = CardsCsv.rows(cards);
    assertThat(rows).hasSize(ROWS);
    Set<String> ids = new HashSet<>();
    rows.forEach(
        row ->
            assertThat(ids.add(row.get("custom_id"))).as("once: " + row.get("custom_id")).isTrue());
    for (CSVRecord row : rows) {
      int number = Integer.parseInt(row.get("custom_id").substring("sku-".length()));
      if (FAILING.contains(number)) {
        assertThat(row.get("status")).isEqualTo("failed");
        assertThat(row.get("error_code")).isEqualTo("generation_failed");
      } else {
        assertThat(row.get("status")).isEqualTo("succeeded");
        assertThat(row.get("description")).isNotBlank();
        assertThat(row.get("images")).startsWith("products/");
      }
    }
    JsonNode account = standalone.admin("GET", "/admin/accounts/" + accountId, null);
    assertThat(account.path("balance").asLong()).isEqualTo(1000 - (ROWS - FAILING.size()));
    assertThat(account.path("reserved").asLong()).isZero();
  }

  private Path spreadsheet(Path dir) throws IOException {
    int port = photos.getAddress().getPort();
    StringBuilder csv =
        new StringBuilder(
            "\uFEFFsku;short_description;style;length;photos;product_facts.material\n");
    for (int i = 1; i <= ROWS; i++) {
      csv.append("sku-")
          .append(i)
          .append(';')
          .append("\"Кружка ручной работы №")
          .append(i)
          .append(FAILING.contains(i) ? " [sim:fail]" : "")
          .append("\";")
          .append("standard;300;")
          .append("http://127.0.0.1:")
          .append(port)
          .append("/photos/")
          .append(i)
          .append("-a.png|")
          .append("http://127.0.0.1:")
          .append(port)
          .append("/photos/")
          .append(i)
          .append("-b.png;")
          .append("керамика\n");
    }
    Path file = dir.resolve("products.csv");
    Files.writeString(file, csv, StandardCharsets.UTF_8);
    return file;
  }

  /** What a download killed half-way leaves: the first part of the file, ending mid-record. */
  private static void cutInTheMiddleOfARecord(Path cards) throws IOException {
    try (FileChannel channel = FileChannel.open(cards, StandardOpenOption.WRITE)) {
      channel.truncate(channel.size() / 2);
    }
  }

  private static HttpServer photoServer() throws IOException {
    byte[] png = png();
    HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext(
        "/photos/",
        exchange -> {
          try (exchange) {
            exchange.getResponseHeaders().add("Content-Type", "image/png");
            exchange.sendResponseHeaders(200, png.length);
            exchange.getResponseBody().write(png);
          }
        });
    server.start();
    return server;
  }

  private static byte[] png() {
    BufferedImage image = new BufferedImage(320, 240, BufferedImage.TYPE_INT_RGB);
    Graphics2D graphics = image.createGraphics();
    graphics.setColor(new Color(0x2E8B9A));
    graphics.fillRect(0, 0, 320, 240);
    graphics.dispose();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ImageIO.write(image, "png", out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }
}

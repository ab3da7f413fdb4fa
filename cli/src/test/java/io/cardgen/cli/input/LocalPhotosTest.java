package io.cardgen.cli.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

/**
 * A spreadsheet from a supplier may name any file: local photos are read only from its folder and
 * below unless the user allows more.
 */
class LocalPhotosTest {

  private static final byte[] PNG = {
    (byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 'I', 'H', 'D', 'R'
  };
  private static final String DATA_URI =
      "data:image/png;base64," + Base64.getEncoder().encodeToString(PNG);

  @TempDir Path dir;
  private Path shop;
  private Path secret;

  @BeforeEach
  void folders() throws IOException {
    shop = Files.createDirectories(dir.resolve("shop"));
    Files.createDirectories(shop.resolve("img"));
    Files.write(shop.resolve("img/mug.png"), PNG);
    secret = dir.resolve("private/scan-of-passport.png");
    Files.createDirectories(secret.getParent());
    Files.write(secret, PNG);
    Files.createSymbolicLink(shop.resolve("link.png"), secret);
    Files.createSymbolicLink(shop.resolve("elsewhere"), secret.getParent());
  }

  @Test
  void refusesPhotosOutsideTheSpreadsheetsFolderByRow() throws IOException {
    Path csv =
        spreadsheet(
            secret.toString(),
            "../private/scan-of-passport.png",
            "file://" + secret,
            "link.png",
            "elsewhere/scan-of-passport.png",
            "img/../../private/scan-of-passport.png",
            "/no/such/folder/photo.jpg");

    assertThatThrownBy(() -> BatchFiles.prepare(csv, options(false)))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid -> {
              assertThat(invalid.problems())
                  .extracting(InputProblem::where)
                  .containsExactly(
                      "row 2 (p-1)",
                      "row 3 (p-2)",
                      "row 4 (p-3)",
                      "row 5 (p-4)",
                      "row 6 (p-5)",
                      "row 7 (p-6)",
                      "row 8 (p-7)");
              assertThat(invalid.problems())
                  .extracting(InputProblem::message)
                  .allSatisfy(
                      message ->
                          assertThat(message)
                              .contains("pass --allow-photos-anywhere if you trust the file"));
              assertThat(invalid.problems().get(1).message())
                  .startsWith(
                      "photo ../private/scan-of-passport.png is not in the input file's folder:"
                          + " only photos in "
                          + shop.toAbsolutePath().normalize()
                          + " or below are read");
              assertThat(invalid.problems().get(3).message())
                  .startsWith("photo link.png is a link to ")
                  .contains("out of the input file's folder");
            });
  }

  @Test
  void readsPhotosInsideTheFolderAndPassesBareBase64() throws IOException {
    Path csv = spreadsheet("img/mug.png", "img/../img/mug.png", "/9j/4AAQSkZJRgABAQ");

    List<JsonNode> items = BatchFilesTest.items(csv, options(false));

    assertThat(items)
        .extracting(item -> item.path("request").path("image_url").get(0).asString())
        .containsExactly(DATA_URI, DATA_URI, "/9j/4AAQSkZJRgABAQ");
  }

  @Test
  void readsPhotosAnywhereWhenAllowed() throws IOException {
    Path csv =
        spreadsheet(
            secret.toString(),
            "../private/scan-of-passport.png",
            "file://" + secret,
            "link.png",
            "elsewhere/scan-of-passport.png");

    List<JsonNode> items = BatchFilesTest.items(csv, options(true));

    assertThat(items)
        .extracting(item -> item.path("request").path("image_url").get(0).asString())
        .containsExactly(DATA_URI, DATA_URI, DATA_URI, DATA_URI, DATA_URI);
  }

  @Test
  void jsonlPhotosFollowTheSameRule() throws IOException {
    Path jsonl = shop.resolve("products.jsonl");
    Files.writeString(
        jsonl,
        "{\"custom_id\":\"j-1\",\"request\":{\"short_description\":\"Кружка\",\"image_url\":\""
            + secret
            + "\"}}\n");

    assertThatThrownBy(() -> BatchFiles.prepare(jsonl, options(false)))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid ->
                assertThat(invalid.problems())
                    .extracting(InputProblem::where)
                    .containsExactly("line 1 (j-1)"));
    assertThat(BatchFilesTest.items(jsonl, options(true))).hasSize(1);
  }

  private Path spreadsheet(String... photos) throws IOException {
    StringBuilder csv = new StringBuilder("sku,short_description,photos\n");
    for (int i = 0; i < photos.length; i++) {
      csv.append("p-").append(i + 1).append(",Кружка,\"").append(photos[i]).append("\"\n");
    }
    Path file = shop.resolve("products.csv");
    Files.writeString(file, csv);
    return file;
  }

  private static SubmitOptions options(boolean photosAnywhere) {
    return new SubmitOptions(
        null, StandardCharsets.UTF_8, null, 1024 * 1024, null, Map.of(), photosAnywhere, null);
  }
}

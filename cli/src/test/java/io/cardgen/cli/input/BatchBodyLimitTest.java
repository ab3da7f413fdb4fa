package io.cardgen.cli.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A local photo is inlined into the body again in every row that names it, so a modest sheet can
 * make a body of many gigabytes in the temporary folder, which the service then refuses unread
 * (413). The body is bounded while it is written: reading stops at the row that passes the bound.
 */
class BatchBodyLimitTest {

  private static final Path TMP = Path.of(System.getProperty("java.io.tmpdir"));
  private static final int ROWS = 40;

  @TempDir Path dir;
  private Path csv;

  @BeforeEach
  void aSheetNamingOneLocalPhotoInEveryRow() throws IOException {
    byte[] photo = Arrays.copyOf(new byte[] {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A}, 4096);
    photo[7] = 0x0A;
    Files.write(dir.resolve("mug.png"), photo);
    StringBuilder rows = new StringBuilder("sku,short_description,photos\n");
    for (int i = 1; i <= ROWS; i++) {
      rows.append("sku-").append(i).append(",Кружка ").append(i).append(",mug.png\n");
    }
    csv = Files.writeString(dir.resolve("products.csv"), rows, StandardCharsets.UTF_8);
  }

  @Test
  void aBodyOfExactlyTheBoundIsPrepared() throws IOException {
    long size = bodySize(SubmitOptions.DEFAULT_MAX_BODY_BYTES);

    assertThat(bodySize(size)).isEqualTo(size);
  }

  @Test
  void stopsAtTheRowThatPassesTheBoundAndLeavesNoBodyBehind() throws IOException {
    long size = bodySize(SubmitOptions.DEFAULT_MAX_BODY_BYTES);
    Set<Path> before = bodies();

    assertThatThrownBy(() -> BatchFiles.prepare(csv, options(size - 1)))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid ->
                assertThat(invalid.problems())
                    .singleElement()
                    .satisfies(
                        problem -> {
                          assertThat(problem.where()).isEqualTo("row " + (ROWS + 1) + " (sku-40)");
                          assertThat(problem.message())
                              .startsWith("the batch passes " + (size - 1) + " bytes here")
                              .contains("--max-body-mib");
                        }));
    assertThat(bodies()).isEqualTo(before);
  }

  @Test
  void aSmallBoundStopsTheReadingEarly() {
    assertThatThrownBy(() -> BatchFiles.prepare(csv, options(64 << 10)))
        .isInstanceOfSatisfying(
            InvalidInput.class,
            invalid ->
                assertThat(invalid.problems())
                    .singleElement()
                    .satisfies(
                        problem -> {
                          assertThat(problem.where()).isEqualTo("row 13 (sku-12)");
                          assertThat(problem.message())
                              .startsWith("the batch passes 65536 bytes here");
                        }));
  }

  private long bodySize(long maxBodyBytes) throws IOException {
    try (PreparedBatch prepared = BatchFiles.prepare(csv, options(maxBodyBytes))) {
      assertThat(prepared.items()).isEqualTo(ROWS);
      return Files.size(prepared.upload().body());
    }
  }

  private static SubmitOptions options(long maxBodyBytes) {
    return new SubmitOptions(
        null,
        StandardCharsets.UTF_8,
        null,
        1 << 20,
        null,
        Map.of(),
        false,
        null,
        null,
        maxBodyBytes);
  }

  private static Set<Path> bodies() throws IOException {
    Set<Path> found = new HashSet<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(TMP, "cardgen-batch-*.body")) {
      files.forEach(found::add);
    }
    return found;
  }
}

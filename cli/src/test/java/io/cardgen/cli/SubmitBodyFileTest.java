package io.cardgen.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The creation body (every item, local photos inlined: up to 256 MiB) lives in the temporary folder
 * only until the batch exists: a Ctrl+C during a watch of hours, which the docs call safe, must not
 * leave it behind.
 */
class SubmitBodyFileTest {

  private static final Path TMP = Path.of(System.getProperty("java.io.tmpdir"));

  @TempDir Path dir;
  private FakeBatchApi api;

  @BeforeEach
  void start() throws IOException {
    api = new FakeBatchApi();
  }

  @AfterEach
  void stop() {
    api.close();
  }

  @Test
  void theUploadedBodyIsGoneBeforeTheWatchStarts() throws IOException {
    Path csv = dir.resolve("products.csv");
    StringBuilder rows = new StringBuilder("sku,short_description\n");
    for (int i = 1; i <= 12; i++) {
      rows.append("sku-").append(i).append(",Кружка ").append(i).append('\n');
    }
    Files.writeString(csv, rows);
    Set<Path> before = bodies();
    List<Set<Path>> seenWhileWatching = new ArrayList<>();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    CliContext context =
        new CliContext(
            Map.of("CARDGEN_BASE_URL", api.baseUrl(), "CARDGEN_API_KEY", FakeBatchApi.KEY),
            new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            pauseBetweenPolls -> {
              Set<Path> now = bodies();
              now.removeAll(before);
              seenWhileWatching.add(now);
            },
            HttpClient.newHttpClient(),
            false);

    int exit = Cardgen.run(context, "batch", "submit", csv.toString(), "--wait");

    assertThat(exit).as(err.toString(StandardCharsets.UTF_8)).isZero();
    assertThat(seenWhileWatching).as("the watch polled more than once").isNotEmpty();
    assertThat(seenWhileWatching).allSatisfy(found -> assertThat(found).isEmpty());
  }

  private static Set<Path> bodies() {
    Set<Path> found = new HashSet<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(TMP, "cardgen-batch-*.body")) {
      files.forEach(found::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return found;
  }
}

package io.cardgen.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** docs/cli.md: "The key is never printed, not in errors either." */
class ApiKeyNeverPrintedTest {

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
  void aKeyWithACyrillicLetterIsRefusedByPositionWithoutPrintingIt() {
    cli.env.put("CARDGEN_API_KEY", "sk-live-0123456789abcdef-sеcret"); // е is Cyrillic U+0435

    CliRunner.Run run = cli.run("batch", "list");

    assertThat(run.exit()).isEqualTo(Exit.USAGE.code);
    assertThat(run.err())
        .contains("the API key has a Cyrillic letter at character 27")
        .contains("keyboard layout")
        .doesNotContain("0123456789abcdef")
        .doesNotContain("sеcret");
    assertThat(api.queries).isEmpty();
  }

  @Test
  void aKeyWithALineBreakInsideIsRefusedByPositionWithoutPrintingIt() {
    cli.env.put("CARDGEN_API_KEY", "sk-live-0123456789abcdef\nsk-old-fedcba9876543210");

    CliRunner.Run run = cli.run("batch", "list");

    assertThat(run.exit()).isEqualTo(Exit.USAGE.code);
    assertThat(run.err())
        .contains("the API key has a line break at character 25")
        .doesNotContain("0123456789abcdef")
        .doesNotContain("fedcba9876543210");
    assertThat(api.queries).isEmpty();
  }

  @Test
  void aKeyWithASpaceInsideIsRefusedAndSpacesAroundItAreDropped() {
    cli.env.put("CARDGEN_API_KEY", "sk-test key");
    assertThat(cli.run("batch", "list").err()).contains("a space at character 8");

    cli.env.put("CARDGEN_API_KEY", "  " + FakeBatchApi.KEY + "\n");
    assertThat(cli.run("batch", "list").exit()).isZero();
  }

  @Test
  void aMisspelledCommandIsNamedButTheKeyAfterItIsNot() {
    CliRunner.Run run = cli.run("batch", "lsit", "--api-key", "sk-live-0123456789abcdef");

    assertThat(run.exit()).isEqualTo(Exit.USAGE.code);
    assertThat(run.err()).contains("'lsit'").doesNotContain("0123456789abcdef");
  }

  @Test
  void aMisspelledKeyOptionIsNamedButItsValueIsNot() {
    CliRunner.Run glued = cli.run("batch", "list", "--apikey=sk-live-0123456789abcdef");
    CliRunner.Run apart = cli.run("batch", "list", "--api_key", "sk-live-0123456789abcdef");

    assertThat(glued.exit()).isEqualTo(Exit.USAGE.code);
    assertThat(glued.err())
        .contains("'--apikey=" + RefusedCommandLine.HIDDEN + "'")
        .doesNotContain("0123456789abcdef");
    assertThat(apart.exit()).isEqualTo(Exit.USAGE.code);
    assertThat(apart.err()).contains("'--api_key'").doesNotContain("0123456789abcdef");
  }

  @Test
  void theKeyOptionBeforeTheCommandDoesNotPrintTheKey() {
    CliRunner.Run run = cli.run("batch", "--api-key", "sk-live-0123456789abcdef", "list");

    assertThat(run.exit()).isEqualTo(Exit.USAGE.code);
    assertThat(run.err()).contains("'--api-key'").doesNotContain("0123456789abcdef");
  }

  @Test
  void aServiceKeyOrTheEnvironmentsKeyStrayingIntoTheArgumentsIsNotPrinted() {
    CliRunner.Run issued = cli.run("batch", "list", "cg_Zm9vYmFyYmF6cXV4");
    CliRunner.Run fromEnvironment = cli.run("batch", "list", FakeBatchApi.KEY);

    assertThat(issued.exit()).isEqualTo(Exit.USAGE.code);
    assertThat(issued.err()).doesNotContain("Zm9vYmFyYmF6cXV4");
    assertThat(fromEnvironment.exit()).isEqualTo(Exit.USAGE.code);
    assertThat(fromEnvironment.err()).doesNotContain(FakeBatchApi.KEY);
  }

  @Test
  void anHttpClientFailureIsReportedByItsTypeOnlyForItMayQuoteTheKey() {
    Throwable headerRefused =
        catchThrowable(
            () ->
                HttpRequest.newBuilder(URI.create("http://localhost/"))
                    .header("Authorization", "Bearer sk-live-0123456789abcdef\nsk-old"));
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    Exit exit =
        ErrorReport.report(headerRefused, new PrintStream(err, true, StandardCharsets.UTF_8));

    assertThat(exit).isEqualTo(Exit.UNAVAILABLE);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo(
            "cardgen: unexpected failure in the HTTP client: java.lang.IllegalArgumentException\n");
  }

  @Test
  void anotherUnexpectedFailureKeepsItsMessage() {
    ByteArrayOutputStream err = new ByteArrayOutputStream();

    ErrorReport.report(
        new IllegalStateException("no batch id in the answer"),
        new PrintStream(err, true, StandardCharsets.UTF_8));

    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("java.lang.IllegalStateException: no batch id in the answer");
  }
}

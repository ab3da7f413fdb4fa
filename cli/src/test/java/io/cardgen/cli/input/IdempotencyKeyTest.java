package io.cardgen.cli.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The derived Idempotency-Key: stable for the same content, new for any change. */
class IdempotencyKeyTest {

  private static final String CSV =
      "sku,short_description,style,length\nk-1,Кружка,standard,300\nk-2,Ваза,playful,\n";

  @TempDir Path dir;

  @Test
  void isStableAcrossRunsAndHasTheKeySyntax() throws IOException {
    String first = key("a.csv", CSV, null, Map.of());
    String second = key("b.csv", CSV, null, Map.of());

    assertThat(first).isEqualTo(second).matches("cli-[0-9a-f]{64}");
  }

  @Test
  void ignoresColumnOrderQuotingAndTheDelimiter() throws IOException {
    String reordered =
        "\uFEFFstyle;length;\"sku\";short_description\nstandard;300;k-1;\"Кружка\"\nplayful;;k-2;Ваза\n";

    assertThat(key("b.csv", reordered, null, Map.of()))
        .isEqualTo(key("a.csv", CSV, null, Map.of()));
  }

  @Test
  void ignoresKeyOrderAndSpacingInJsonl() throws IOException {
    String one =
        "{\"custom_id\":\"k-1\",\"request\":{\"style\":\"standard\",\"short_description\":\"Кружка\"}}\n";
    String two =
        "{ \"request\": { \"short_description\": \"Кружка\", \"style\": \"standard\" }, \"custom_id\": \"k-1\" }\n";

    assertThat(key("a.jsonl", one, null, Map.of())).isEqualTo(key("b.jsonl", two, null, Map.of()));
  }

  @Test
  void changesWithAnyCellTheOrderOfRowsTheWebhookOrTheMetadata() throws IOException {
    String base = key("a.csv", CSV, null, Map.of());

    assertThat(key("b.csv", CSV.replace("Ваза", "Ваза синяя"), null, Map.of())).isNotEqualTo(base);
    assertThat(
            key(
                "c.csv",
                "sku,short_description,style,length\nk-2,Ваза,playful,\nk-1,Кружка,standard,300\n",
                null,
                Map.of()))
        .isNotEqualTo(base);
    assertThat(key("d.csv", CSV, "https://seller.example/hook", Map.of())).isNotEqualTo(base);
    assertThat(key("e.csv", CSV, null, Map.of("import", "autumn"))).isNotEqualTo(base);
    assertThat(key("f.csv", CSV, null, Map.of("import", "autumn")))
        .isNotEqualTo(key("g.csv", CSV, null, Map.of("impor", "tautumn")));
  }

  @Test
  void changesWhenAnInlinedPhotoChanges() throws IOException {
    byte[] png = {(byte) 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A, 1};
    Files.write(dir.resolve("p.png"), png);
    String csv = "sku,short_description,style,photos\nk-1,Кружка,standard,p.png\n";
    String before = key("a.csv", csv, null, Map.of());

    png[8] = 2;
    Files.write(dir.resolve("p.png"), png);

    assertThat(key("a.csv", csv, null, Map.of())).isNotEqualTo(before);
  }

  @Test
  void writesTheSameBodyWhateverOrderTheMetadataPairsComeIn() throws IOException {
    Map<String, String> forward = new LinkedHashMap<>();
    Map<String, String> backward = new LinkedHashMap<>();
    StringJoiner sorted = new StringJoiner(",", "\"metadata\":{", "}}");
    for (int i = 1; i <= 16; i++) {
      forward.put("k" + (100 + i), "v" + i);
      backward.put("k" + (117 - i), "v" + (17 - i));
      sorted.add("\"k" + (100 + i) + "\":\"v" + i + "\"");
    }

    byte[] first = body("a.csv", forward);
    byte[] second = body("b.csv", backward);

    // The service fingerprints the raw body: a rerun must send these very bytes, in any JVM.
    assertThat(second).isEqualTo(first);
    assertThat(new String(first, StandardCharsets.UTF_8)).endsWith(sorted.toString());
  }

  private byte[] body(String name, Map<String, String> metadata) throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, CSV);
    SubmitOptions options =
        new SubmitOptions(null, StandardCharsets.UTF_8, null, 1 << 20, null, metadata);
    try (PreparedBatch prepared = BatchFiles.prepare(file, options)) {
      return Files.readAllBytes(prepared.upload().body());
    }
  }

  private String key(String name, String content, String webhook, Map<String, String> metadata)
      throws IOException {
    Path file = dir.resolve(name);
    Files.writeString(file, content);
    SubmitOptions options =
        new SubmitOptions(null, StandardCharsets.UTF_8, null, 1 << 20, webhook, metadata);
    try (PreparedBatch prepared = BatchFiles.prepare(file, options)) {
      return prepared.idempotencyKey();
    }
  }
}

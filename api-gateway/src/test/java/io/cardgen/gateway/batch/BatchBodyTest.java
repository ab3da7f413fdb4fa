package io.cardgen.gateway.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class BatchBodyTest {

  private final BatchBody body = new BatchBody(JsonMapper.builder().build(), 10_000, 3);
  private final List<String> seen = new ArrayList<>();

  private BatchBody.Outcome read(String text, BatchBody.Format format) throws Exception {
    return body.read(
        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
        format,
        "ctx",
        (JsonNode item, int position) -> {
          seen.add(position + ":" + item.get("custom_id").asString());
          return true;
        });
  }

  @Test
  void readsEveryItemOfAJsonBodyOneByOneWithItsOptions() throws Exception {
    BatchBody.Outcome outcome =
        read(
            "{\"metadata\": {\"a\": \"b\"}, \"items\": [{\"custom_id\": \"x\"},\n"
                + "{\"custom_id\": \"y\"}], \"webhook_url\": \"https://h/\"}",
            BatchBody.Format.JSON);

    assertThat(outcome).isInstanceOf(BatchBody.Read.class);
    BatchBody.Read read = (BatchBody.Read) outcome;
    assertThat(seen).containsExactly("1:x", "2:y");
    assertThat(read.items()).isEqualTo(2);
    assertThat(read.webhookUrl().asString()).isEqualTo("https://h/");
    assertThat(read.metadata().get("a").asString()).isEqualTo("b");
    assertThat(read.fingerprint()).hasSize(64);
  }

  @Test
  void readsNdjsonLinesSkippingBlankOnes() throws Exception {
    BatchBody.Outcome outcome =
        read("{\"custom_id\": \"x\"}\n\n{\"custom_id\": \"y\"}\n", BatchBody.Format.NDJSON);

    assertThat(outcome).isInstanceOf(BatchBody.Read.class);
    assertThat(seen).containsExactly("1:x", "2:y");
  }

  @Test
  void namesTheLineOfMalformedInputAndStopsAtTheLimits() throws Exception {
    assertThat(read("{\"items\": [\n{\"custom_id\": \"x\"},\n{oops", BatchBody.Format.JSON))
        .isEqualTo(
            new BatchBody.Malformed(
                "Тело запроса не является корректным JSON: ошибка в строке 3."));
    assertThat(
            read(
                "{\"custom_id\": \"x\"}\n{\"custom_id\": \"x\", \"custom_id\": \"y\"}",
                BatchBody.Format.NDJSON))
        .isInstanceOf(BatchBody.Malformed.class);
    assertThat(
            read(
                "{\"items\": [{\"custom_id\": \"a\"}, {\"custom_id\": \"b\"}, {\"custom_id\": \"c\"},"
                    + " {\"custom_id\": \"d\"}]}",
                BatchBody.Format.JSON))
        .isInstanceOf(BatchBody.TooManyItems.class);
    assertThat(
            read(
                "{\"items\": [{\"custom_id\": \"" + "x".repeat(20_000) + "\"}]}",
                BatchBody.Format.JSON))
        .isInstanceOf(BatchBody.TooLarge.class);
  }

  @Test
  void theSameBytesHaveTheSameFingerprintAndOtherContextAnother() throws Exception {
    String text = "{\"items\": [{\"custom_id\": \"x\"}]}";
    BatchBody.Read read = (BatchBody.Read) read(text, BatchBody.Format.JSON);
    BatchBody.Read hashed =
        (BatchBody.Read)
            body.fingerprint(
                new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                BatchBody.Format.JSON,
                "ctx");
    BatchBody.Read other =
        (BatchBody.Read)
            body.fingerprint(
                new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
                BatchBody.Format.JSON,
                "other");

    assertThat(hashed.fingerprint()).isEqualTo(read.fingerprint());
    assertThat(other.fingerprint()).isNotEqualTo(read.fingerprint());
  }
}

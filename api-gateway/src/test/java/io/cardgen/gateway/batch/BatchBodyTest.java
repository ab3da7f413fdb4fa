package io.cardgen.gateway.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

class BatchBodyTest {

  private final BatchBody body = new BatchBody(10_000, 3, 100_000);

  /** Room in the body for items over their own bounds. */
  private final BatchBody roomy = new BatchBody(1_000_000, 3, 100_000);

  /** Room for items of up to a megabyte. */
  private final BatchBody spacious = new BatchBody(5_000_000, 3, 1_000_000);

  private final List<String> seen = new ArrayList<>();

  /** What the reader asked for room, in order; answered with {@link #roomGiven}. */
  private final List<Long> roomAsked = new ArrayList<>();

  private boolean roomGiven = true;

  private BatchBody.Outcome read(String text, BatchBody.Format format) throws Exception {
    return read(body, text, format);
  }

  private BatchBody.Outcome read(BatchBody reader, String text, BatchBody.Format format)
      throws Exception {
    return reader.read(
        new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)),
        format,
        "ctx",
        (JsonNode item, int position) -> {
          seen.add(position + ":" + item.get("custom_id").asString());
          return true;
        },
        bytes -> {
          roomAsked.add(bytes);
          return roomGiven;
        });
  }

  @Test
  void asksForRoomAsALargeItemGrowsAndGivesItBackOnceHandled() throws Exception {
    String photo = "a".repeat(600_000);
    String text =
        "{\"custom_id\": \"small\"}\n"
            + "{\"custom_id\": \"big\", \"photo\": \""
            + photo
            + "\"}\n"
            + "{\"custom_id\": \"after\"}\n";

    BatchBody.Outcome outcome = read(spacious, text, BatchBody.Format.NDJSON);

    assertThat(outcome).isInstanceOf(BatchBody.Read.class);
    assertThat(seen).containsExactly("1:small", "2:big", "3:after");
    // The big item doubles from 64 KB: each ask at least twice the one before; 0 after every item
    // once handled, to settle the room at what the sink kept.
    assertThat(roomAsked).startsWith(0L).endsWith(0L, 0L);
    assertThat(roomAsked.stream().filter(asked -> asked == 0)).hasSize(3);
    List<Long> growth = roomAsked.stream().filter(asked -> asked > 0).toList();
    assertThat(growth).hasSizeGreaterThanOrEqualTo(2);
    assertThat(growth.get(0)).isGreaterThan(BatchBody.ROOM_STEP);
    for (int i = 1; i < growth.size(); i++) {
      assertThat(growth.get(i)).isGreaterThan(2 * growth.get(i - 1));
    }
    assertThat(growth.get(growth.size() - 1)).isGreaterThan(300_000L).isLessThan(700_000L);
  }

  @Test
  void stopsWithNoRoomWhenAnItemsRoomIsRefused() throws Exception {
    roomGiven = false;
    String text =
        "{\"custom_id\": \"small\"}\n"
            + "{\"custom_id\": \"big\", \"photo\": \""
            + "a".repeat(600_000)
            + "\"}\n";

    BatchBody.Outcome outcome = read(spacious, text, BatchBody.Format.NDJSON);

    assertThat(outcome).isInstanceOf(BatchBody.NoRoom.class);
    assertThat(seen).containsExactly("1:small");
    assertThat(roomAsked).hasSize(1);
  }

  @Test
  void smallItemsAskOnlyToSettleOnceHandled() throws Exception {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 3; i++) {
      text.append("{\"custom_id\": \"i")
          .append(i)
          .append("\", \"pad\": \"")
          .append("b".repeat(30_000))
          .append("\"}\n");
    }

    assertThat(read(spacious, text.toString(), BatchBody.Format.NDJSON))
        .isInstanceOf(BatchBody.Read.class);
    assertThat(roomAsked).containsExactly(0L, 0L, 0L);
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
  void anEmptyBodyIsToldWhatItLacksInItsOwnFormat() throws Exception {
    assertThat(read("\n\n", BatchBody.Format.NDJSON))
        .isEqualTo(
            new BatchBody.Malformed(
                "Тело NDJSON должно содержать хотя бы одну строку с элементом пакета."));
    assertThat(read("{\"items\": []}", BatchBody.Format.JSON))
        .isEqualTo(
            new BatchBody.Malformed("Поле «items» обязательно и должно быть непустым массивом."));
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

  @Test
  void anItemOverItsBytesStopsTheReadAtThatItem() throws Exception {
    String big = "a".repeat(100_000 + 70_000);
    BatchBody.Outcome outcome =
        read(
            roomy,
            "{\"items\": [{\"custom_id\": \"x\"}, {\"custom_id\": \"y\", \"pad\": \""
                + big
                + "\"}]}",
            BatchBody.Format.JSON);

    assertThat(outcome).isEqualTo(new BatchBody.ItemTooLarge(2));
    assertThat(seen).containsExactly("1:x");
  }

  @Test
  void anItemOfTooManyValuesIsStoppedBeforeItsTreeIsBuilt() throws Exception {
    String many = "{},".repeat(BatchBody.MAX_ITEM_VALUES + 10_000) + "{}";
    BatchBody.Outcome outcome =
        read(roomy, "{\"custom_id\": \"x\", \"pad\": [" + many + "]}\n", BatchBody.Format.NDJSON);

    assertThat(outcome).isEqualTo(new BatchBody.ItemTooLarge(1));
    assertThat(seen).isEmpty();
  }

  /** As the card endpoint answers such a body: the item is small, not over any size bound. */
  @Test
  void anItemNestedDeeperThanTheParserGoesIsMalformedNotTooLarge() throws Exception {
    String deep = "[".repeat(600) + "]".repeat(600);
    BatchBody.Outcome outcome =
        read(
            "{\"items\": [\n{\"custom_id\": \"x\", \"deep\": " + deep + "}]}",
            BatchBody.Format.JSON);

    assertThat(outcome)
        .isEqualTo(
            new BatchBody.Malformed(
                "Тело запроса не является корректным JSON: ошибка в строке 2."));
  }

  @Test
  void anItemJustUnderItsBoundsIsRead() throws Exception {
    String values = "1,".repeat(BatchBody.MAX_ITEM_VALUES - 10) + "1";
    String pad = "a".repeat(90_000);
    BatchBody.Outcome outcome =
        read(
            roomy,
            "{\"custom_id\": \"x\", \"v\": [" + values + "], \"pad\": \"" + pad + "\"}\n",
            BatchBody.Format.NDJSON);

    assertThat(outcome).isInstanceOf(BatchBody.Read.class);
    assertThat(seen).containsExactly("1:x");
  }

  @Test
  void metadataOverItsBoundsIsRefusedAsMetadata() throws Exception {
    StringBuilder pairs = new StringBuilder();
    for (int i = 0; i < 1_000; i++) {
      pairs.append(i == 0 ? "" : ",").append("\"k").append(i).append("\": \"\"");
    }
    BatchBody.Outcome outcome =
        read(
            roomy,
            "{\"metadata\": {" + pairs + "}, \"items\": [{\"custom_id\": \"x\"}]}",
            BatchBody.Format.JSON);

    assertThat(outcome).isInstanceOf(BatchBody.Malformed.class);
    assertThat(((BatchBody.Malformed) outcome).message()).contains("metadata");
  }
}

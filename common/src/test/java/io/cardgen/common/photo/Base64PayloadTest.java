package io.cardgen.common.photo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Random;
import org.junit.jupiter.api.Test;

class Base64PayloadTest {

  private static final String PREFIX = "data:image/png;base64,";
  private static final int LIMIT = 4096;

  @Test
  void decodesPlainBase64WithAndWithoutPadding() {
    byte[] bytes = "any bytes at all\u0000\u00ff".getBytes(StandardCharsets.ISO_8859_1);

    assertThat(decode(Base64.getEncoder().encodeToString(bytes))).isEqualTo(bytes);
    assertThat(decode(Base64.getEncoder().withoutPadding().encodeToString(bytes))).isEqualTo(bytes);
    assertThat(decode(Base64.getUrlEncoder().withoutPadding().encodeToString(bytes)))
        .isEqualTo(bytes);
    assertThat(decode(Base64.getMimeEncoder().encodeToString(new byte[300]))).hasSize(300);
  }

  @Test
  void refusesWhatIsNotBase64() {
    for (String payload :
        new String[] {"", "=", "QQ=", "QUJD=", "QU JD+_", "QUJDRA==QQ", "QUJ\u0416"}) {
      assertThatThrownBy(() -> decode(payload))
          .as(payload)
          .isInstanceOf(Base64Payload.UndecodablePayload.class);
    }
  }

  @Test
  void refusesAPayloadOverTheLimitWithoutDecodingIt() {
    String payload = Base64.getEncoder().encodeToString(new byte[LIMIT + 3]);

    assertThatThrownBy(() -> decode(payload))
        .isInstanceOf(Base64Payload.UndecodablePayload.class)
        .hasMessageContaining("over the limit");
  }

  /**
   * The JDK's decoder takes the common case; the symbol-by-symbol loop is the reference for what
   * the payload rules accept. On random payloads, many of them mangled, both must give the same
   * bytes or both refuse.
   */
  @Test
  void givesWhatTheSymbolBySymbolDecoderGivesOnRandomPayloads() {
    Random random = new Random(20261126);
    String alphabet =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/-_= \n\u00e9\u0416.";
    int accepted = 0;
    for (int i = 0; i < 20_000; i++) {
      byte[] bytes = new byte[random.nextInt(48)];
      random.nextBytes(bytes);
      StringBuilder payload = new StringBuilder(encoded(bytes, random.nextInt(4)));
      for (int edits = random.nextInt(3); edits > 0 && !payload.isEmpty(); edits--) {
        int at = random.nextInt(payload.length());
        char c = alphabet.charAt(random.nextInt(alphabet.length()));
        if (random.nextBoolean()) {
          payload.setCharAt(at, c);
        } else {
          payload.insert(at, c);
        }
      }
      String text = PREFIX + payload;
      byte[] expected = referenceOrNull(text);
      if (expected == null) {
        assertThatThrownBy(() -> Base64Payload.decode(text, PREFIX.length(), LIMIT))
            .as(payload.toString())
            .isInstanceOf(Base64Payload.UndecodablePayload.class);
      } else {
        accepted++;
        assertThat(Base64Payload.decode(text, PREFIX.length(), LIMIT))
            .as(payload.toString())
            .isEqualTo(expected);
      }
    }
    assertThat(accepted).isBetween(5_000, 15_000);
  }

  private static String encoded(byte[] bytes, int style) {
    return switch (style) {
      case 0 -> Base64.getEncoder().encodeToString(bytes);
      case 1 -> Base64.getEncoder().withoutPadding().encodeToString(bytes);
      case 2 -> Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
      default ->
          Base64.getMimeEncoder(8, "\r\n".getBytes(StandardCharsets.US_ASCII))
              .encodeToString(bytes);
    };
  }

  private static byte[] referenceOrNull(String text) {
    try {
      return Base64Payload.decodeSymbolBySymbol(text, PREFIX.length(), LIMIT);
    } catch (Base64Payload.UndecodablePayload refused) {
      return null;
    }
  }

  private static byte[] decode(String payload) {
    return Base64Payload.decode(PREFIX + payload, PREFIX.length(), LIMIT);
  }
}

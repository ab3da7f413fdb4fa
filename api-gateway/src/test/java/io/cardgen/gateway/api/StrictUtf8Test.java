package io.cardgen.gateway.api;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StrictUtf8Test {

  @Test
  void acceptsTextInEveryLengthOfSequence() {
    String text = "plain, Кружка, 漢字, 😀, \u0000, \uFFFE, \uDBFF\uDFFF";

    assertThat(StrictUtf8.isWellFormed(text.getBytes(StandardCharsets.UTF_8))).isTrue();
    assertThat(StrictUtf8.isWellFormed(new byte[0])).isTrue();
  }

  @Test
  void refusesOverlongFormsSurrogatesAndTruncatedSequences() {
    for (String hex :
        new String[] {
          "c1b3",
          "c080",
          "e08080",
          "f0808080",
          "eda080",
          "edbfbf",
          "f4908080",
          "f5808080",
          "ff",
          "80",
          "d0",
          "e0a0",
          "f09f98",
          "d041",
          "e0a041"
        }) {
      assertThat(StrictUtf8.isWellFormed(HexFormat.of().parseHex(hex))).as(hex).isFalse();
    }
  }

  /** On random bytes, some of them valid UTF-8 then damaged, the JDK's strict decoder agrees. */
  @Test
  void drawsTheLineWhereTheJdksStrictDecoderDoes() {
    Random random = new Random(3_7);
    int wellFormed = 0;
    for (int i = 0; i < 100_000; i++) {
      byte[] bytes = randomBytes(random);
      boolean expected = jdkAccepts(bytes);
      wellFormed += expected ? 1 : 0;
      assertThat(StrictUtf8.isWellFormed(bytes))
          .as(HexFormat.of().formatHex(bytes))
          .isEqualTo(expected);
    }
    assertThat(wellFormed).isBetween(20_000, 80_000);
  }

  private static byte[] randomBytes(Random random) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int length = random.nextInt(12);
    for (int i = 0; i < length; i++) {
      if (random.nextInt(3) == 0) {
        out.write(random.nextInt(256));
      } else {
        int codePoint = random.nextInt(4) == 0 ? random.nextInt(0x110000) : random.nextInt(0x800);
        if (codePoint < 0xD800 || codePoint > 0xDFFF) {
          out.writeBytes(new String(Character.toChars(codePoint)).getBytes(StandardCharsets.UTF_8));
        }
      }
    }
    byte[] bytes = out.toByteArray();
    if (bytes.length > 0 && random.nextInt(4) == 0) {
      bytes[random.nextInt(bytes.length)] = (byte) random.nextInt(256);
    }
    return random.nextInt(6) == 0 && bytes.length > 0
        ? java.util.Arrays.copyOf(bytes, bytes.length - 1)
        : bytes;
  }

  private static boolean jdkAccepts(byte[] bytes) {
    try {
      StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes));
      return true;
    } catch (CharacterCodingException refused) {
      return false;
    }
  }
}

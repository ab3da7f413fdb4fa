package io.cardgen.common.photo;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.testsupport.TestImages;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class ImageUrlDecoderTest {

  private final ImageUrlDecoder decoder =
      new ImageUrlDecoder(new PhotoLimits(256 * 1024, 1_000_000));

  @Test
  void decodesADataUriOfEachFormat() {
    for (byte[] image :
        new byte[][] {
          TestImages.jpeg(16, 9),
          TestImages.png(16, 9),
          TestImages.gif(16, 9),
          TestImages.webpLossy(16, 9)
        }) {
      ImageUrl input = decoder.decode("data:image/whatever;base64," + base64(image));

      assertThat(input).isInstanceOf(ImageUrl.Inline.class);
      assertThat(((ImageUrl.Inline) input).bytes()).isEqualTo(image);
    }
  }

  @Test
  void trustsTheBytesNotTheDeclaredType() {
    ImageUrl input = decoder.decode("data:image/png;base64," + base64(TestImages.jpeg(16, 9)));

    assertThat(input).isInstanceOf(ImageUrl.Inline.class);
    assertThat(((ImageUrl.Inline) input).format()).isEqualTo(ImageFormat.JPEG);
  }

  @Test
  void refusesADataUriDeclaringAnImageThatIsNot() {
    String html = base64("<script>alert(1)</script>".getBytes(StandardCharsets.UTF_8));

    assertThat(decoder.decode("data:image/png;base64," + html))
        .isInstanceOf(ImageUrl.Invalid.class);
  }

  @Test
  void refusesDataUrisThatAreNotBase64Images() {
    String png = base64(TestImages.png(4, 4));

    assertThat(decoder.decode("data:text/plain;base64," + png))
        .isInstanceOf(ImageUrl.Invalid.class);
    assertThat(decoder.decode("data:image/svg+xml,<svg/>")).isInstanceOf(ImageUrl.Invalid.class);
    assertThat(decoder.decode("data:image/png;base64")).isInstanceOf(ImageUrl.Invalid.class);
  }

  @Test
  void decodesBareBase64WrappedOverLines() {
    byte[] jpeg = TestImages.jpeg(40, 30);
    String wrapped =
        Base64.getMimeEncoder(76, "\r\n".getBytes(StandardCharsets.US_ASCII)).encodeToString(jpeg);

    ImageUrl input = decoder.decode("  " + wrapped + "\n");

    assertThat(input).isInstanceOf(ImageUrl.Inline.class);
    assertThat(((ImageUrl.Inline) input).bytes()).isEqualTo(jpeg);
  }

  @Test
  void acceptsTheUrlSafeAlphabetWithoutPadding() {
    byte[] png = TestImages.png(33, 17);

    ImageUrl input = decoder.decode(Base64.getUrlEncoder().withoutPadding().encodeToString(png));

    assertThat(input).isInstanceOf(ImageUrl.Inline.class);
    assertThat(((ImageUrl.Inline) input).bytes()).isEqualTo(png);
  }

  @Test
  void refusesGarbageBase64() {
    String png = base64(TestImages.png(4, 4));

    assertThat(decoder.decode("iVBORw0K!!GgoAAAANSUhEUg==")).isInstanceOf(ImageUrl.Invalid.class);
    assertThat(decoder.decode(png + "A")).isInstanceOf(ImageUrl.Invalid.class);
    assertThat(decoder.decode(png + "==A")).isInstanceOf(ImageUrl.Invalid.class);
    assertThat(decoder.decode("ab+c-d==")).isInstanceOf(ImageUrl.Invalid.class);
    assertThat(decoder.decode("   ")).isInstanceOf(ImageUrl.Invalid.class);
    assertThat(decoder.decode("фото")).isInstanceOf(ImageUrl.Invalid.class);
  }

  @Test
  void refusesBase64OfSomethingElse() {
    assertThat(decoder.decode(base64("just some text".getBytes(StandardCharsets.UTF_8))))
        .isInstanceOf(ImageUrl.Invalid.class);
  }

  @Test
  void refusesAPhotoOverTheByteLimitBeforeDecodingIt() {
    String tooBig = "A".repeat(4 * (256 * 1024 / 3 + 1));

    assertThat(decoder.decode(tooBig))
        .isEqualTo(new ImageUrl.Invalid("photo of 262146 bytes is over the limit of 262144"));
  }

  @Test
  void refusesAPixelBombAndATruncatedPhoto() {
    byte[] truncated = java.util.Arrays.copyOf(TestImages.jpeg(64, 64), 64);

    assertThat(decoder.decode(base64(TestImages.pngHeader(60_000, 60_000))))
        .isInstanceOf(ImageUrl.Invalid.class);
    assertThat(decoder.decode(base64(truncated))).isInstanceOf(ImageUrl.Invalid.class);
  }

  @Test
  void classifiesHttpAndHttpsLinks() {
    assertThat(decoder.decode("https://cdn.example.com/p/1.jpg?w=800"))
        .isEqualTo(new ImageUrl.Link(URI.create("https://cdn.example.com/p/1.jpg?w=800")));
    assertThat(decoder.decode(" HTTP://example.com/a.png ")).isInstanceOf(ImageUrl.Link.class);
    assertThat(decoder.decode("http://[::1]:8080/a.png")).isInstanceOf(ImageUrl.Link.class);
  }

  @Test
  void turnsAnInternationalisedLinkIntoAscii() {
    assertThat(decoder.decode("https://пример.рф:8443/фото.jpg?v=1#top"))
        .isEqualTo(
            new ImageUrl.Link(
                URI.create("https://xn--e1afmkfd.xn--p1ai:8443/%D1%84%D0%BE%D1%82%D0%BE.jpg?v=1")));
  }

  @Test
  void refusesALinkLongerThanTheLimit() {
    String base = "https://cdn.example.com/p/";
    String atLimit = base + "a".repeat(ImageUrlDecoder.MAX_LINK_LENGTH - base.length());

    assertThat(decoder.decode(atLimit)).isEqualTo(new ImageUrl.Link(URI.create(atLimit)));
    assertThat(decoder.decode(atLimit + "a")).isInstanceOf(ImageUrl.Invalid.class);
  }

  @Test
  void refusesNumericHostsThatAreNotDottedDecimal() {
    for (String host :
        new String[] {"0x7f000001", "0177.0.0.1", "2130706433", "127.1", "0x7f.1", "10.0.0.010"}) {
      // java.net.URI sees no host in 127.1 or 0x7f.1 (their last label starts with a digit).
      assertThat(decoder.decode("http://" + host + "/a.jpg"))
          .as(host)
          .isIn(
              new ImageUrl.RefusedLink(
                  URI.create("http://" + host + "/a.jpg"),
                  "numeric host not in dotted-decimal form"),
              new ImageUrl.Invalid("link without a host"));
    }
    for (String host : new String[] {"127.0.0.1", "8.8.8.8", "1.2.3.4.example.com", "[::1]"}) {
      assertThat(decoder.decode("http://" + host + "/a.jpg"))
          .as(host)
          .isInstanceOf(ImageUrl.Link.class);
    }
  }

  @Test
  void refusesAPortNoConnectionCanUseAndAnIpv6Zone() {
    assertThat(decoder.decode("http://93.184.216.34:99999/a.jpg"))
        .isEqualTo(
            new ImageUrl.RefusedLink(
                URI.create("http://93.184.216.34:99999/a.jpg"), "port out of range"));
    assertThat(decoder.decode("http://example.com:65536/a.jpg"))
        .isInstanceOf(ImageUrl.RefusedLink.class);
    assertThat(decoder.decode("http://example.com:0/a.jpg"))
        .isInstanceOf(ImageUrl.RefusedLink.class);
    assertThat(decoder.decode("http://[fe80::1%25eth0]/a.jpg"))
        .isEqualTo(
            new ImageUrl.RefusedLink(
                URI.create("http://[fe80::1%25eth0]/a.jpg"), "IPv6 address with a zone"));
    assertThat(decoder.decode("http://example.com:65535/a.jpg")).isInstanceOf(ImageUrl.Link.class);
    assertThat(decoder.decode("https://example.com:8443/a.jpg")).isInstanceOf(ImageUrl.Link.class);
  }

  @Test
  void refusesOtherSchemesAndOddLinks() {
    for (String value :
        new String[] {
          "ftp://example.com/a.jpg",
          "file:///etc/passwd",
          "javascript:alert(1)",
          "gopher://example.com:70/",
          "http:///no-host.jpg",
          "https://exa mple.com/a.jpg",
          "1http://example.com/a.jpg"
        }) {
      assertThat(decoder.decode(value)).as(value).isInstanceOf(ImageUrl.Invalid.class);
    }
  }

  @Test
  void refusesALinkWithCredentialsByItsText() {
    assertThat(decoder.decode("http://user:secret@example.com/a.jpg"))
        .isEqualTo(
            new ImageUrl.RefusedLink(
                URI.create("http://user:secret@example.com/a.jpg"), "link with credentials"));
  }

  @Test
  void refusesALinkWithAnUnpairedSurrogate() {
    for (String link :
        new String[] {
          "https://example.com/\ud800.png",
          "https://example.com/a.png?x=\udc00",
          "https://example.com/\ud83d.png",
          "https://exa\ud800mple.com/a.png"
        }) {
      assertThat(decoder.decode(link)).as(link).isInstanceOf(ImageUrl.Invalid.class);
    }
    assertThat(decoder.decode("https://example.com/\ud83d\ude00.png"))
        .isInstanceOf(ImageUrl.Link.class);
  }

  @Test
  void neverPrintsPhotoBytes() {
    assertThat(new ImageUrl.Inline(new byte[] {1, 2, 3}, ImageFormat.PNG).toString())
        .isEqualTo("Inline[PNG, 3 bytes]");
  }

  private static String base64(byte[] bytes) {
    return Base64.getEncoder().encodeToString(bytes);
  }
}

package io.cardgen.gateway.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.gateway.web.UploadRateProperties;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.util.unit.DataSize;

class RequestBodyTest {

  private final RequestBody body =
      new RequestBody(
          new BodyLimitProperties(DataSize.ofMegabytes(32), null, Duration.ZERO),
          new UploadRateProperties(
              DataSize.ofKilobytes(2), Duration.ofSeconds(15), Duration.ofMinutes(5)));
  private final List<Long> asked = new ArrayList<>();

  private static MockHttpServletRequest chunked(byte[] content) {
    MockHttpServletRequest request =
        new MockHttpServletRequest() {
          @Override
          public long getContentLengthLong() {
            return -1;
          }
        };
    request.setContent(content);
    return request;
  }

  private static byte[] jsonOf(int bytes) {
    return ("{\"pad\": \"" + "a".repeat(bytes) + "\"}").getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void aBodyOfTinyValuesBeyondTheBoundIsRefusedBeforeItBecomesATree() {
    String values = "{},".repeat(RequestBody.MAX_VALUES * 2) + "{}";
    byte[] content =
        ("{\"short_description\": \"a\", \"x\": [" + values + "]}")
            .getBytes(StandardCharsets.UTF_8);
    MockHttpServletRequest request = new MockHttpServletRequest();
    request.setContent(content);

    assertThat(body.read(request, bytes -> true)).isInstanceOf(RequestBody.Malformed.class);
  }

  @Test
  void aBodyWithinTheValueBoundIsParsed() {
    String values = "{},".repeat(100) + "{}";
    MockHttpServletRequest request = new MockHttpServletRequest();
    request.setContent(("{\"x\": [" + values + "]}").getBytes(StandardCharsets.UTF_8));

    assertThat(body.read(request, bytes -> true)).isInstanceOf(RequestBody.Parsed.class);
  }

  @Test
  void aChunkedBodyIsReadNoFurtherThanTheRoomThereIs() {
    RequestBody.Read read =
        body.read(
            chunked(jsonOf(4 * 1024 * 1024)),
            bytes -> {
              asked.add(bytes);
              return bytes < 300 * 1024;
            });

    assertThat(read).isInstanceOf(RequestBody.NoRoom.class);
    assertThat(asked).last().satisfies(bytes -> assertThat(bytes).isLessThan(700 * 1024L));
  }

  @Test
  void aChunkedBodyWithRoomIsReadWholeAndSettledAtItsSize() {
    byte[] content = jsonOf(1024 * 1024);

    RequestBody.Read read =
        body.read(
            chunked(content),
            bytes -> {
              asked.add(bytes);
              return true;
            });

    assertThat(read).isInstanceOf(RequestBody.Parsed.class);
    assertThat(asked).last().isEqualTo((long) content.length);
    assertThat(asked).isSorted().hasSizeGreaterThan(2);
  }

  @Test
  void aDeclaredBodyIsAskedOnceAtItsSize() {
    byte[] content = jsonOf(1024 * 1024);
    MockHttpServletRequest request = new MockHttpServletRequest();
    request.setContent(content);

    RequestBody.Read read =
        body.read(
            request,
            bytes -> {
              asked.add(bytes);
              return true;
            });

    assertThat(read).isInstanceOf(RequestBody.Parsed.class);
    assertThat(asked).containsExactly((long) content.length);
  }
}

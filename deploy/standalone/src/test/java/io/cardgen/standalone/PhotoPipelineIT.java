package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import io.cardgen.common.photo.ImageDimensions;
import io.cardgen.common.photo.ImageFormat;
import io.cardgen.standalone.simulator.LlmSimulator;
import io.cardgen.testsupport.PhotoHost;
import io.cardgen.testsupport.TestImages;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import tools.jackson.databind.JsonNode;

/**
 * Photos through the whole path (spec §2.1, §7; DESIGN.md "Photo links"): real files of each format
 * stored under their real extension, inline photos that are not usable refused by the gateway
 * before any credit is touched, links the worker must refuse never requested, and the model sent
 * copies no larger than the configured side.
 *
 * <p>The photo host listens on every local address but only 127.0.0.3 is allowlisted, so links to
 * 127.0.0.1 and [::1] reach a server that would record them, and must be refused all the same.
 */
class PhotoPipelineIT {

  private static final String ALLOWED = "127.0.0.3";
  private static final int LLM_MAX_SIDE = 512;
  private static final byte[] JPEG = TestImages.jpeg(64, 48);
  private static final byte[] PNG = TestImages.png(64, 48);
  private static final byte[] GIF = TestImages.gif(64, 48);

  private static PhotoHost host;
  private static LlmSimulator simulator;
  private static RecordingLlmProxy llm;
  private static TestStack stack;

  @BeforeAll
  static void start() throws Exception {
    host = new PhotoHost();
    host.on("/photo.jpg", PhotoHost.body(200, "application/octet-stream", JPEG))
        .on("/photo.png", PhotoHost.body(200, "image/png", PNG))
        .on("/photo.gif", PhotoHost.body(200, "image/gif", GIF))
        .on("/photo.webp", PhotoHost.body(200, "image/webp", TestImages.WEBP_LOSSY))
        .on("/gif-said-to-be.png", PhotoHost.body(200, "image/png", GIF))
        .on("/big.png", PhotoHost.body(200, "image/png", TestImages.png(900, 2000)))
        .on("/page.html", PhotoHost.body(200, "text/html", "<html>a photo</html>".getBytes()))
        .on("/busy.png", PhotoHost.body(503, "text/plain", "later".getBytes()))
        .on("/missing.png", PhotoHost.status(404))
        .on("/hangs.png", PhotoHost.hanging(20_000, PNG))
        .on("/to-loopback", PhotoHost.redirect(host.link("127.0.0.1", "/redirected.png")))
        .on("/", PhotoHost.body(200, "image/png", PNG));
    assertHostAnswersOn("127.0.0.1", "[::1]", ALLOWED);
    simulator = LlmSimulator.start("127.0.0.1", 0, Duration.ZERO);
    llm = new RecordingLlmProxy(simulator.baseUrl());
    stack =
        TestStack.start(
            Map.of("CARDGEN_LLM_BASE_URL", llm.baseUrl()),
            "--cardgen.llm.base-url=" + llm.baseUrl(),
            "--cardgen.llm.api-key=simulator",
            "--cardgen.llm.model=cardgen-simulator",
            "--cardgen.images.private-host-allowlist=" + ALLOWED + "/32",
            "--cardgen.images.llm-max-side=" + LLM_MAX_SIDE,
            "--cardgen.images.fetch-deadline=3s");
  }

  @AfterAll
  static void stop() {
    if (stack != null) {
      stack.close();
    }
    llm.close();
    simulator.close();
    host.close();
  }

  static Stream<Arguments> realPhotos() {
    return Stream.of(
        Arguments.of("data:image/jpeg;base64,", JPEG, "jpg"),
        Arguments.of("data:image/png;base64,", PNG, "png"),
        Arguments.of("data:image/gif;base64,", GIF, "gif"),
        Arguments.of("data:image/webp;base64,", TestImages.WEBP_LOSSY, "webp"),
        Arguments.of("data:image/webp;base64,", TestImages.WEBP_ALPHA, "webp"),
        Arguments.of("", JPEG, "jpg")); // bare base64
  }

  @ParameterizedTest
  @MethodSource("realPhotos")
  void storesAnInlinePhotoOfEachFormatUnderItsExtension(String prefix, byte[] photo, String ext)
      throws Exception {
    String image = prefix + Base64.getEncoder().encodeToString(photo);

    JsonNode card = succeeds(request(image), ext);

    assertStoredOriginal(card.get("images").get(0).asString(), ext, photo);
  }

  @Test
  void storesALinkedPhotoOfEachFormatUnderItsExtension() throws Exception {
    for (String ext : List.of("jpg", "png", "gif", "webp")) {
      JsonNode card = succeeds(request(host.link(ALLOWED, "/photo." + ext)), ext);

      byte[] served = Map.of("jpg", JPEG, "png", PNG, "gif", GIF).get(ext);
      assertStoredOriginal(
          card.get("images").get(0).asString(),
          ext,
          served == null ? TestImages.WEBP_LOSSY : served);
    }
  }

  @Test
  void storesAPhotoWhoseDeclaredTypeLiesUnderItsRealFormat() throws Exception {
    JsonNode inline = succeeds(request(TestImages.dataUri("image/png", JPEG)), "lying inline");
    JsonNode linked = succeeds(request(host.link(ALLOWED, "/gif-said-to-be.png")), "lying link");

    assertStoredOriginal(inline.get("images").get(0).asString(), "jpg", JPEG);
    assertStoredOriginal(linked.get("images").get(0).asString(), "gif", GIF);
  }

  static Stream<Arguments> unusableInlinePhotos() {
    byte[] truncatedJpeg = Arrays.copyOf(TestImages.jpeg(300, 200), 1500);
    byte[] truncatedWebp = Arrays.copyOf(TestImages.WEBP_LOSSY, 200);
    return Stream.of(
        Arguments.of("truncated JPEG", TestImages.dataUri("image/jpeg", truncatedJpeg)),
        Arguments.of("truncated WebP", TestImages.dataUri("image/webp", truncatedWebp)),
        Arguments.of(
            "60000x60000 header",
            TestImages.dataUri("image/png", TestImages.pngHeader(60_000, 60_000))),
        Arguments.of(
            "WebP bomb",
            TestImages.dataUri("image/webp", TestImages.webpExtended(16, 16, 16384, 16384))),
        Arguments.of(
            "GIF bomb",
            TestImages.dataUri("image/gif", TestImages.gifWithFrame(10, 10, 30_000, 30_000))),
        Arguments.of("not an image", TestImages.dataUri("image/png", "%PDF-1.7 ...".getBytes())));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("unusableInlinePhotos")
  void refusesAnUnusableInlinePhotoBeforeReservingACredit(String what, String image)
      throws Exception {
    JsonNode before = stack.account(stack.demoAccountId());
    String key = "inline-" + UUID.randomUUID();

    TestStack.Response response = stack.generate(stack.demoKey(), key, request(image));

    assertThat(response.status()).as(what + ": " + response).isEqualTo(422);
    assertThat(response.json().get("code").asString()).isEqualTo("image_invalid");
    assertThat(stack.account(stack.demoAccountId())).isEqualTo(before);
    assertThat(jobRows(key)).isZero();
  }

  /** Links whose address the gateway can judge before anything is recorded (issue 12). */
  static Stream<Arguments> internalAddresses() {
    return Stream.of(
        Arguments.of("http://127.0.0.1:{port}/loopback.png", "/loopback.png"),
        Arguments.of("http://[::1]:{port}/ipv6-loopback.png", "/ipv6-loopback.png"),
        Arguments.of("http://10.0.0.1/private.png", null),
        Arguments.of("http://169.254.169.254/latest/meta-data/", null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("internalAddresses")
  void refusesALinkToAnInternalAddressBeforeRecordingAnything(String link, String forbidden)
      throws Exception {
    String url = link.replace("{port}", String.valueOf(host.port()));
    JsonNode before = stack.account(stack.demoAccountId());
    String key = "internal-" + UUID.randomUUID();

    TestStack.Response response = stack.generate(stack.demoKey(), key, request(url));

    assertThat(response.status()).as(url + ": " + response).isEqualTo(422);
    assertThat(response.json().get("code").asString()).isEqualTo("image_invalid");
    assertThat(stack.account(stack.demoAccountId())).isEqualTo(before);
    assertThat(jobRows(key)).isZero();
    if (forbidden != null) {
      assertThat(host.requestsFor(forbidden)).as("requests for " + forbidden).isZero();
    }
  }

  /** Links only the fetch can judge: a redirect into loopback, a page that is not an image. */
  static Stream<Arguments> refusedWhenFetched() {
    return Stream.of(
        Arguments.of("http://" + ALLOWED + ":{port}/to-loopback", "/redirected.png"),
        Arguments.of("http://" + ALLOWED + ":{port}/page.html", null));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("refusedWhenFetched")
  void failsARefusedLinkAsImageInvalidRequestingNothingItMustNot(String link, String forbidden)
      throws Exception {
    String url = link.replace("{port}", String.valueOf(host.port()));

    assertFailsReleasingTheCredit(url, 422, "image_invalid");

    if (forbidden != null) {
      assertThat(host.requestsFor(forbidden)).as("requests for " + forbidden).isZero();
    }
  }

  @Test
  void failsALinkAnswering503OrHangingAsImageUnavailable() throws Exception {
    assertFailsReleasingTheCredit(host.link(ALLOWED, "/busy.png"), 502, "image_unavailable");
    assertFailsReleasingTheCredit(host.link(ALLOWED, "/hangs.png"), 502, "image_unavailable");
  }

  /**
   * A seller with several photos per card learns which one failed and why: the link is broken, not
   * its format. The message names the photo's place and the status, never the address; a failure
   * that is not a photo's keeps the code's standard text.
   */
  @Test
  void aLinkAnswering404FailsItsCardNamingThePhotoAndTheStatus() throws Exception {
    String missing = host.link(ALLOWED, "/missing.png");

    TestStack.Response broken =
        stack.generate(stack.demoKey(), "missing-" + UUID.randomUUID(), twoPhotos(missing, ""));
    TestStack.Response refused =
        stack.generate(
            stack.demoKey(),
            "refused-" + UUID.randomUUID(),
            twoPhotos(host.link(ALLOWED, "/photo.png"), "[sim:refuse]"));

    assertThat(broken.status()).as(broken.toString()).isEqualTo(422);
    assertThat(broken.json().get("code").asString()).isEqualTo("image_invalid");
    assertPhotoTwoAnswered404(broken.json().get("message").asString());
    assertThat(refused.json().get("code").asString())
        .as(refused.toString())
        .isEqualTo("generation_refused");
    assertThat(refused.json().get("message").asString())
        .isEqualTo(Messages.of(ErrorCode.GENERATION_REFUSED));
  }

  /** batch-api §4: a failed item's line says the same as a failed card does. */
  @Test
  void aLinkAnswering404FailsItsBatchItemNamingThePhotoAndTheStatus() throws Exception {
    Tenants.Tenant tenant = Tenants.account(stack, Tenants.aFullPlan().create(stack), 2);
    BatchApi batches = new BatchApi(stack);
    String body =
        """
        {"items": [{"custom_id": "broken", "request": %s}, {"custom_id": "refused", "request": %s}]}
        """
            .formatted(
                twoPhotos(host.link(ALLOWED, "/missing.png"), ""),
                twoPhotos(host.link(ALLOWED, "/photo.png"), "[sim:refuse]"));

    TestStack.Response created = batches.create(tenant.apiKey(), null, body);

    assertThat(created.status()).as(created.toString()).isEqualTo(202);
    String id = created.json().get("data").get("id").asString();
    await("batch " + id)
        .atMost(Duration.ofSeconds(60))
        .pollInterval(Duration.ofMillis(200))
        .until(
            () -> batches.batch(tenant.apiKey(), id).get("status").asString(), "completed"::equals);
    Map<String, JsonNode> errors = new HashMap<>();
    for (JsonNode line : batches.results(tenant.apiKey(), id, "")) {
      errors.put(line.get("custom_id").asString(), line.get("error"));
    }
    assertThat(errors.get("broken").get("code").asString()).isEqualTo("image_invalid");
    assertPhotoTwoAnswered404(errors.get("broken").get("message").asString());
    assertThat(errors.get("refused").get("code").asString()).isEqualTo("generation_refused");
    assertThat(errors.get("refused").get("message").asString())
        .isEqualTo(Messages.of(ErrorCode.GENERATION_REFUSED));
  }

  private static String twoPhotos(String link, String directive) {
    return """
        {"image_url": ["%s", "%s"], "short_description": "Керамическая кружка %s",
         "style": "standard"}
        """
        .formatted(TestImages.dataUri("image/jpeg", JPEG), link, directive);
  }

  private static void assertPhotoTwoAnswered404(String message) {
    assertThat(message)
        .startsWith("Фото 2: ")
        .contains("404")
        .isNotEqualTo(Messages.of(ErrorCode.IMAGE_INVALID))
        .doesNotContain(ALLOWED)
        .doesNotContain("missing.png");
  }

  @Test
  void sendsTheModelCopiesNoLargerThanTheConfiguredSide() throws Exception {
    List<byte[]> originals =
        List.of(TestImages.jpeg(1600, 1200), TestImages.gif(1000, 600), TestImages.WEBP_ALPHA);
    String marker = "size-check-" + UUID.randomUUID();
    String body =
        """
        {"image_url": ["%s", "%s", "%s", "%s"], "short_description": "Кружка %s",
         "style": "standard"}
        """
            .formatted(
                TestImages.dataUri("image/jpeg", originals.get(0)),
                host.link(ALLOWED, "/big.png"),
                TestImages.dataUri("image/gif", originals.get(1)),
                TestImages.dataUri("image/webp", originals.get(2)),
                marker);

    TestStack.Response response = stack.generate(stack.demoKey(), null, body);

    assertThat(response.status()).as(response.toString()).isEqualTo(200);
    List<String> sizes = new ArrayList<>();
    for (String url : photoUrlsSentToTheModel(llm.requestContaining(marker).orElseThrow())) {
      byte[] photo = Base64.getDecoder().decode(url.substring(url.indexOf(',') + 1));
      ImageFormat format = ImageFormat.sniff(photo).orElseThrow();
      ImageDimensions size = ImageDimensions.read(format, photo).orElseThrow();
      assertThat(url).startsWith("data:" + format.mimeType() + ";base64,");
      assertThat(Math.max(size.width(), size.height())).isLessThanOrEqualTo(LLM_MAX_SIDE);
      sizes.add(format + " " + size);
    }
    assertThat(sizes).containsExactly("JPEG 512x384", "JPEG 230x512", "JPEG 512x307", "WEBP 40x30");
    JsonNode images = response.json().get("data").get("images");
    assertStoredOriginal(images.get(0).asString(), "jpg", originals.get(0));
    assertStoredOriginal(images.get(1).asString(), "png", TestImages.png(900, 2000));
    assertStoredOriginal(images.get(2).asString(), "gif", originals.get(1));
    assertStoredOriginal(images.get(3).asString(), "webp", originals.get(2));
  }

  private static String request(String image) {
    return """
        {"image_url": "%s", "short_description": "Керамическая кружка", "style": "standard"}
        """
        .formatted(image);
  }

  private static JsonNode succeeds(String body, String what) throws Exception {
    long balance = stack.account(stack.demoAccountId()).get("balance").asLong();

    TestStack.Response response = stack.generate(stack.demoKey(), null, body);

    assertThat(response.status()).as(what + ": " + response).isEqualTo(200);
    JsonNode account = stack.account(stack.demoAccountId());
    assertThat(account.get("balance").asLong()).isEqualTo(balance - 1);
    assertThat(account.get("reserved").asLong()).isZero();
    return response.json().get("data");
  }

  private static void assertFailsReleasingTheCredit(String link, int status, String code)
      throws Exception {
    JsonNode before = stack.account(stack.demoAccountId());
    String key = "link-" + UUID.randomUUID();

    TestStack.Response response = stack.generate(stack.demoKey(), key, request(link));

    assertThat(response.status()).as(link + ": " + response).isEqualTo(status);
    assertThat(response.json().get("code").asString()).isEqualTo(code);
    assertThat(stack.account(stack.demoAccountId())).isEqualTo(before);
    assertThat(
            stack
                .jdbc()
                .sql(
                    "SELECT state || ' ' || credit_state || ' ' || error_code FROM jobs"
                        + " WHERE account_id = :account AND idempotency_key = :key")
                .param("account", stack.demoAccountId())
                .param("key", key)
                .query(String.class)
                .single())
        .isEqualTo("FAILED RELEASED " + code);
  }

  private static long jobRows(String key) {
    return stack
        .jdbc()
        .sql("SELECT count(*) FROM jobs WHERE account_id = :account AND idempotency_key = :key")
        .param("account", stack.demoAccountId())
        .param("key", key)
        .query(Long.class)
        .single();
  }

  /** The object at {@code key} is the untouched original, typed by its real format. */
  private static void assertStoredOriginal(String key, String ext, byte[] original) {
    assertThat(key).matches("products/[0-9a-f-]{36}/[0-9a-f]{32}\\." + ext);
    try (S3Client s3 = stack.s3()) {
      ResponseBytes<GetObjectResponse> object =
          s3.getObjectAsBytes(get -> get.bucket("cardgen").key(key));
      assertThat(object.response().contentType())
          .isEqualTo(ImageFormat.ofExtension(ext).orElseThrow().mimeType());
      assertThat(object.asByteArray()).isEqualTo(original);
    }
  }

  /** Every {@code data:} URL in the request body, in order: the photos the model was sent. */
  private static List<String> photoUrlsSentToTheModel(String requestBody) {
    List<String> urls = new ArrayList<>();
    collectDataUrls(TestStack.JSON.readTree(requestBody), urls);
    return urls;
  }

  private static void collectDataUrls(JsonNode node, List<String> urls) {
    if (node.isString() && node.asString().startsWith("data:")) {
      urls.add(node.asString());
    }
    for (JsonNode child : node) {
      collectDataUrls(child, urls);
    }
  }

  /** Without this, "never requested" would also hold for a host that could not be reached. */
  private static void assertHostAnswersOn(String... addresses) throws Exception {
    HttpClient client = HttpClient.newHttpClient();
    for (String address : addresses) {
      HttpResponse<Void> probe =
          client.send(
              HttpRequest.newBuilder(URI.create(host.link(address, "/probe")))
                  .timeout(Duration.ofSeconds(5))
                  .build(),
              HttpResponse.BodyHandlers.discarding());
      assertThat(probe.statusCode()).as("photo host on " + address).isEqualTo(200);
    }
    assertThat(host.requestsFor("/probe")).isEqualTo(addresses.length);
  }
}

package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.cardgen.gateway.photo.PhotoRemovalSchedule;
import io.cardgen.testsupport.PhotoHost;
import io.cardgen.testsupport.TestImages;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

/**
 * An attempt past its lease stores a photo link's original after the card another attempt delivered
 * was deleted and its photos removed: the worker queues that copy when its own end is refused, and
 * the next removal run deletes it (ADR 0057, amendment of 2026-11-29). The photo host holds the
 * first attempt's fetch until the card is deleted; the lease (5 s) and the sweeper hand the job to
 * a second attempt meanwhile.
 */
class LateAttemptPhotosIT {

  private static final String ALLOWED = "127.0.0.3";
  private static final String LEASE = "--cardgen.worker.lease=";
  private static final byte[] PNG = TestImages.png(64, 48);

  @Test
  void aLateAttemptsCopyOfADeletedCardsPhotoIsRemoved() throws Exception {
    CountDownLatch cardDeleted = new CountDownLatch(1);
    List<String> settings = new ArrayList<>(List.of(CrashIT.SHORT_TIMERS));
    // Half of CrashIT's lease: the first attempt is held on purpose, its lease is only waited out
    // (10 s of the test's 20), and the second attempt (no model latency) ends well within 5 s.
    settings.replaceAll(setting -> setting.startsWith(LEASE) ? LEASE + "5s" : setting);
    settings.add("--cardgen.images.private-host-allowlist=" + ALLOWED + "/32");
    settings.add("--cardgen.images.fetch-deadline=90s");
    settings.add("--cardgen.images.read-timeout=90s");
    // no scheduled removal run during the test: the test asks for the one it checks
    settings.add("--cardgen.photos.removal-interval=1h");
    try (PhotoHost host = new PhotoHost();
        TestStack stack = TestStack.start(Map.of(), settings.toArray(String[]::new));
        S3Client s3 = stack.s3()) {
      host.on(
          "/late.png",
          PhotoHost.firstThen(
              PhotoHost.of(
                  exchange -> {
                    cardDeleted.await(90, TimeUnit.SECONDS);
                    PhotoHost.body(200, "image/png", PNG).handle(exchange);
                  }),
              PhotoHost.body(200, "image/png", PNG)));
      String body =
          RequestBodies.aRequest()
              .with("image_url", "\"" + host.link(ALLOWED, "/late.png") + "\"")
              .json();
      try {
        deliverDeleteAndReleaseTheLateAttempt(stack, s3, host, body, cardDeleted);
      } finally {
        cardDeleted.countDown(); // never leave the first attempt's fetch hanging
      }
    }
  }

  private static void deliverDeleteAndReleaseTheLateAttempt(
      TestStack stack, S3Client s3, PhotoHost host, String body, CountDownLatch cardDeleted)
      throws Exception {
    CompletableFuture<TestStack.Response> answer =
        SlowCard.send(() -> stack.generate(stack.demoKey(), "late-attempt", body));

    // the second attempt, after the first one's lease ran out, delivers the card
    TestStack.Response card = answer.get(90, TimeUnit.SECONDS);
    assertThat(card.status()).as(card.toString()).isEqualTo(200);
    assertThat(host.requestsFor("/late.png")).isEqualTo(2);
    String uid = card.json().get("data").get("uid").asString();
    String photo = card.json().get("data").get("images").get(0).asString();
    assertThat(stack.admin("DELETE", "/admin/cards/" + uid, null).status()).isEqualTo(204);
    await("the deleted card's photo removed")
        .atMost(Duration.ofSeconds(15))
        .untilAsserted(() -> assertAbsent(s3, photo));

    cardDeleted.countDown();

    // the first attempt stores the original again, then its end is refused
    await("the late attempt's copy queued")
        .atMost(Duration.ofSeconds(30))
        .until(() -> queued(stack, photo));
    assertThat(s3.headObject(head -> head.bucket("cardgen").key(photo)).contentLength())
        .as("the late attempt stored it again")
        .isPositive();
    stack.app.gateway().getBean(PhotoRemovalSchedule.class).runSoon();
    await("the late attempt's copy removed")
        .atMost(Duration.ofSeconds(15))
        .untilAsserted(() -> assertAbsent(s3, photo));
  }

  private static boolean queued(TestStack stack, String key) {
    return stack
            .jdbc()
            .sql("SELECT count(*) FROM photo_removals WHERE key = :key")
            .param("key", key)
            .query(Long.class)
            .single()
        > 0;
  }

  private static void assertAbsent(S3Client s3, String key) {
    assertThatThrownBy(() -> s3.headObject(head -> head.bucket("cardgen").key(key)))
        .isInstanceOf(NoSuchKeyException.class);
  }
}

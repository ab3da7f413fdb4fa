package io.cardgen.worker.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.photo.ImageFormat;
import io.cardgen.worker.photo.FetchOutcome;
import io.cardgen.worker.photo.PhotoProblem;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** What a job whose photo links failed tells its client: which photo, and why, in Russian. */
class JobPhotosFailureTest {

  private static final ClaimedJob JOB =
      new ClaimedJob(UUID.randomUUID(), UUID.randomUUID(), "worker-1", 1, null, null);
  private static final FetchOutcome FETCHED =
      new FetchOutcome.Fetched(new byte[1], ImageFormat.PNG);

  @Test
  void aLinkAnswering404NamesItsPlaceInTheRequestAndTheStatus() {
    // Photo 1 is inline and photo 2 fetched, so the failing link is the request's third photo.
    JobPhotos.Unusable failure =
        JobPhotos.failureOf(
            JOB,
            List.of(
                FETCHED,
                new FetchOutcome.Refused(
                    "photos.example answered HTTP 404", PhotoProblem.answered(404))),
            List.of(1, 2));

    assertThat(failure)
        .isEqualTo(
            new JobPhotos.Unusable(
                ErrorCode.IMAGE_INVALID,
                "Фото 3: сервер по ссылке ответил HTTP 404 вместо изображения."));
  }

  @Test
  void aBodyThatIsNotAnImageSaysSoWithoutTheLogsReason() {
    JobPhotos.Unusable failure =
        JobPhotos.failureOf(
            JOB,
            List.of(
                new FetchOutcome.Refused(
                    "not a JPEG, PNG, WebP or GIF image",
                    PhotoProblem.of(PhotoProblem.Kind.NOT_AN_IMAGE))),
            List.of(0));

    assertThat(failure.code()).isEqualTo(ErrorCode.IMAGE_INVALID);
    assertThat(failure.detail())
        .isEqualTo("Фото 1: файл не является изображением JPEG, PNG, WebP или GIF.");
  }

  @Test
  void aPassedDeadlineIsUnavailableUnlessAnotherLinkIsRefused() {
    FetchOutcome late =
        new FetchOutcome.Unavailable(
            "fetch deadline passed", PhotoProblem.of(PhotoProblem.Kind.TIMEOUT));
    FetchOutcome internal =
        new FetchOutcome.Refused(
            "shop.example resolves to 10.0.0.7, not public",
            PhotoProblem.of(PhotoProblem.Kind.NOT_PUBLIC));

    assertThat(JobPhotos.failureOf(JOB, List.of(FETCHED, late, late), List.of(0, 1, 2)))
        .isEqualTo(
            new JobPhotos.Unusable(
                ErrorCode.IMAGE_UNAVAILABLE, "Фото 2: сервер не отдал файл вовремя."));
    JobPhotos.Unusable refused = JobPhotos.failureOf(JOB, List.of(late, internal), List.of(0, 1));
    assertThat(refused.code()).isEqualTo(ErrorCode.IMAGE_INVALID);
    assertThat(refused.detail())
        .isEqualTo("Фото 2: ссылка ведёт во внутреннюю сеть или на недопустимый адрес.")
        .doesNotContain("10.0.0.7");
  }

  @Test
  void everyLinkFetchedIsNoFailure() {
    assertThat(JobPhotos.failureOf(JOB, List.of(FETCHED, FETCHED), List.of(0, 3))).isNull();
  }

  /** The detail is what a seller reads: short, and no English beyond format names and HTTP. */
  @Test
  void everyKindReadsAsShortRussian() {
    List<PhotoProblem> problems =
        Arrays.stream(PhotoProblem.Kind.values())
            .map(
                kind ->
                    kind == PhotoProblem.Kind.HTTP_STATUS
                        ? PhotoProblem.answered(503)
                        : PhotoProblem.of(kind))
            .toList();
    for (PhotoProblem problem : problems) {
      String detail =
          JobPhotos.failureOf(
                  JOB, List.of(new FetchOutcome.Refused("log only", problem)), List.of(999))
              .detail();

      assertThat(detail).as(problem.toString()).startsWith("Фото 1000: ").hasSizeLessThan(300);
      assertThat(detail.replaceAll("HTTP|JPEG|PNG|WebP|GIF|https|http", ""))
          .as(problem.toString())
          .doesNotContainPattern("[A-Za-z]")
          .doesNotContain("log only");
    }
  }
}

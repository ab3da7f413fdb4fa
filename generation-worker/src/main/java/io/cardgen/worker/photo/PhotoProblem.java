package io.cardgen.worker.photo;

import io.cardgen.common.error.Messages;
import io.cardgen.common.photo.ImageVerdict;

/**
 * What went wrong with a photo, as its client may be told it: a kind with a Russian text, and the
 * host's HTTP status where it answered one. Unlike the English reasons beside it, it never names an
 * address the worker resolved or connected to, so it may leave the worker.
 *
 * @param httpStatus the status the host answered, for {@link Kind#HTTP_STATUS} only (else 0)
 */
public record PhotoProblem(Kind kind, int httpStatus) {

  /** The kinds of problem, each with its text in common's {@code messages.properties}. */
  public enum Kind {
    HTTP_STATUS("photo.http_status"),
    NO_BODY("photo.no_body"),
    NOT_AN_IMAGE("photo.not_an_image"),
    TOO_LARGE("photo.too_large"),
    TOO_MANY_PIXELS("photo.too_many_pixels"),
    MALFORMED("photo.malformed"),
    NOT_PUBLIC("photo.not_public"),
    REDIRECTS("photo.redirects"),
    BAD_REDIRECT("photo.bad_redirect"),
    SCHEME("photo.scheme"),
    BAD_LINK("photo.bad_link"),
    TIMEOUT("photo.timeout"),
    UNKNOWN_HOST("photo.unknown_host"),
    UNREACHABLE("photo.unreachable");

    private final String key;

    Kind(String key) {
      this.key = key;
    }
  }

  public PhotoProblem {
    if ((kind == Kind.HTTP_STATUS) != (httpStatus >= 100 && httpStatus <= 599)) {
      throw new IllegalArgumentException(kind + " with HTTP status " + httpStatus);
    }
  }

  /** A problem of {@code kind}, which is not {@link Kind#HTTP_STATUS}. */
  public static PhotoProblem of(Kind kind) {
    return new PhotoProblem(kind, 0);
  }

  /** The host answered {@code status} instead of a photo. */
  public static PhotoProblem answered(int status) {
    return new PhotoProblem(Kind.HTTP_STATUS, status);
  }

  /** The problem of bytes that {@link io.cardgen.common.photo.PhotoLimits} rejected. */
  static PhotoProblem of(ImageVerdict.Flaw flaw) {
    return of(
        switch (flaw) {
          case TOO_LARGE -> Kind.TOO_LARGE;
          case NOT_AN_IMAGE -> Kind.NOT_AN_IMAGE;
          case MALFORMED -> Kind.MALFORMED;
          case TOO_MANY_PIXELS -> Kind.TOO_MANY_PIXELS;
        });
  }

  /** The Russian text, a sentence starting in lower case, to follow "Фото N: ". */
  public String text() {
    return kind == Kind.HTTP_STATUS
        ? Messages.format(kind.key, httpStatus)
        : Messages.format(kind.key);
  }
}

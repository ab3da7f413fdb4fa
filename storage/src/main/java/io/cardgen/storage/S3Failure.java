package io.cardgen.storage;

/** An S3 request that failed: an answer other than the expected one, or no answer at all. */
public class S3Failure extends RuntimeException {

  private final int statusCode;

  S3Failure(String message, int statusCode) {
    super(message);
    this.statusCode = statusCode;
  }

  S3Failure(String message, Throwable cause) {
    super(message, cause);
    this.statusCode = 0;
  }

  /** The HTTP status of the answer, or 0 when there was none. */
  public int statusCode() {
    return statusCode;
  }

  /** The object asked for is not there (404). */
  public static final class NoSuchObject extends S3Failure {
    NoSuchObject(String key) {
      super("no object at " + key, 404);
    }
  }
}

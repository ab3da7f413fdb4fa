package io.cardgen.cli.api;

/** The service answered with an error; {@link #error()} carries what it said. */
public final class ApiException extends RuntimeException {

  private final transient ApiError error;

  ApiException(ApiError error) {
    super(error.status() + " " + error.code() + ": " + error.message());
    this.error = error;
  }

  public ApiError error() {
    return error;
  }
}

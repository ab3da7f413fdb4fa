package io.cardgen.cli.api;

import java.io.IOException;
import java.net.URI;

/** The service could not be reached (or the connection broke) even after the retries. */
public final class Unreachable extends RuntimeException {

  private final transient URI baseUrl;

  Unreachable(URI baseUrl, IOException cause) {
    super(describe(cause), cause);
    this.baseUrl = baseUrl;
  }

  public URI baseUrl() {
    return baseUrl;
  }

  private static String describe(IOException cause) {
    String detail = cause.getMessage();
    return cause.getClass().getSimpleName() + (detail == null ? "" : ": " + detail);
  }
}

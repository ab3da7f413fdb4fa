package io.cardgen.gateway.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Locale;

/**
 * Whether a request body is sent as it is. The gateway decodes no content coding: a gzip body was
 * read as JSON and answered "malformed at line 1", which sends a client looking in the wrong place;
 * RFC 9110 §15.5.16 answers an unsupported coding 415.
 */
public final class ContentCoding {

  private ContentCoding() {}

  /** True when the body has no content coding, or only {@code identity}. */
  public static boolean isIdentity(HttpServletRequest request) {
    String coding = request.getHeader("Content-Encoding");
    return coding == null
        || coding.isBlank()
        || coding.strip().toLowerCase(Locale.ROOT).equals("identity");
  }
}

package io.cardgen.gateway.admin;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;

/**
 * An admin request with its body read first, up to {@link #LIMIT}: a plan, an account or a top-up
 * is a few hundred bytes, so holding it is nothing, and a body over the bound, declared or chunked,
 * is refused as too large before any controller reads it.
 */
final class BoundedAdminBody extends HttpServletRequestWrapper {

  static final int LIMIT = 64 * 1024;

  private final byte[] body;

  private BoundedAdminBody(HttpServletRequest request, byte[] body) {
    super(request);
    this.body = body;
  }

  /** The request with its body read, or null when the body is longer than {@link #LIMIT}. */
  static BoundedAdminBody read(HttpServletRequest request) throws IOException {
    if (request.getContentLengthLong() > LIMIT) {
      return null;
    }
    byte[] body = request.getInputStream().readNBytes(LIMIT + 1);
    return body.length > LIMIT ? null : new BoundedAdminBody(request, body);
  }

  @Override
  public int getContentLength() {
    return body.length;
  }

  @Override
  public long getContentLengthLong() {
    return body.length;
  }

  @Override
  public ServletInputStream getInputStream() {
    ByteArrayInputStream in = new ByteArrayInputStream(body);
    return new ServletInputStream() {
      @Override
      public int read() {
        return in.read();
      }

      @Override
      public int read(byte[] buffer, int offset, int length) {
        return in.read(buffer, offset, length);
      }

      @Override
      public boolean isFinished() {
        return in.available() == 0;
      }

      @Override
      public boolean isReady() {
        return true;
      }

      @Override
      public void setReadListener(ReadListener listener) {
        throw new UnsupportedOperationException("admin bodies are read whole, before dispatch");
      }
    };
  }

  @Override
  public BufferedReader getReader() {
    return new BufferedReader(new InputStreamReader(getInputStream(), StandardCharsets.UTF_8));
  }
}

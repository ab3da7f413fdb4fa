package io.cardgen.gateway.admin;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import java.io.IOException;

/**
 * An admin request whose body is read no further than {@link #LIMIT}: a plan, an account or a
 * top-up is a few hundred bytes. A declared length over it is refused before reading ({@link
 * #declaredTooLarge}); a chunked body fails its read once past it.
 */
final class BoundedAdminBody extends HttpServletRequestWrapper {

  static final int LIMIT = 64 * 1024;

  private ServletInputStream bounded;

  BoundedAdminBody(HttpServletRequest request) {
    super(request);
  }

  static boolean declaredTooLarge(HttpServletRequest request) {
    return request.getContentLengthLong() > LIMIT;
  }

  @Override
  public ServletInputStream getInputStream() throws IOException {
    if (bounded == null) {
      bounded = new Counting(super.getInputStream());
    }
    return bounded;
  }

  private static final class Counting extends ServletInputStream {
    private final ServletInputStream in;
    private long read;

    Counting(ServletInputStream in) {
      this.in = in;
    }

    @Override
    public int read() throws IOException {
      int b = in.read();
      if (b >= 0) {
        count(1);
      }
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      int n = in.read(buffer, offset, length);
      if (n > 0) {
        count(n);
      }
      return n;
    }

    private void count(int n) throws IOException {
      read += n;
      if (read > LIMIT) {
        throw new IOException("admin request body over " + LIMIT + " bytes");
      }
    }

    @Override
    public boolean isFinished() {
      return in.isFinished();
    }

    @Override
    public boolean isReady() {
      return in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
      in.setReadListener(listener);
    }
  }
}

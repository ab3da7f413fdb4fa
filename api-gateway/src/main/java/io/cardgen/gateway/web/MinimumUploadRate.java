package io.cardgen.gateway.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import org.apache.coyote.BadRequestException;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Cuts a request body that arrives slower than {@link UploadRateProperties#minimumRate} over any
 * window of waiting for it. Tomcat has no deadline for a body, only one for each byte (20 s), so a
 * client sending a byte every 19 s held its room in the intake memory for as long as it liked: a
 * review stopped every account's cards with two such requests, and every account's batch creations
 * with one upload that sent an item and then stalled. A body cut here fails its read with Tomcat's
 * {@link BadRequestException}, answered 400 as a body whose framing Tomcat refused, whichever
 * endpoint reads it; the room it held is let go at once.
 *
 * <p>A stall is noticed at the first read that returns after the window, and a read waits at most
 * the connector's 20 s for a byte: a body may stall for up to the window plus 20 s before it is
 * cut, so the real floor is about {@code minimumRate × window / (window + 20 s)}, 0.86 KB/s with
 * the defaults (docs/operations.md, "Slow clients").
 */
@Component
@Order(Ordered.HIGHEST_PRECEDENCE + 1)
class MinimumUploadRate extends OncePerRequestFilter {

  private final long bytesPerWindow;
  private final long windowNanos;

  MinimumUploadRate(UploadRateProperties properties) {
    this.bytesPerWindow = properties.bytesPerWindow();
    this.windowNanos = properties.window().toNanos();
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    chain.doFilter(new Wrapped(request), response);
  }

  /**
   * Thrown by a read once the body has fallen below the rate. Tomcat's own type, so that readers
   * which tell a client's broken body from a fault of ours (the error advice, the batch reader)
   * take it for what it is.
   */
  static final class TooSlow extends BadRequestException {
    TooSlow(long bytes, long seconds) {
      super("the request body arrived too slowly: " + bytes + " bytes in " + seconds + " s");
    }
  }

  private final class Wrapped extends HttpServletRequestWrapper {
    private ServletInputStream checked;

    Wrapped(HttpServletRequest request) {
      super(request);
    }

    @Override
    public ServletInputStream getInputStream() throws IOException {
      if (checked == null) {
        checked = new Checked(super.getInputStream());
      }
      return checked;
    }

    @Override
    public BufferedReader getReader() throws IOException {
      String encoding = getCharacterEncoding();
      Charset charset = encoding == null ? StandardCharsets.UTF_8 : Charset.forName(encoding);
      return new BufferedReader(new InputStreamReader(getInputStream(), charset));
    }
  }

  /**
   * Counts the bytes of each window and fails the read that ends a window with too few. A window is
   * time spent inside reads, waiting for the client: the time the application takes between reads
   * (waiting for room in the intake memory, storing a batch item's photos) is not the client's.
   */
  private final class Checked extends ServletInputStream {
    private final ServletInputStream body;
    private long windowWaited;
    private long windowBytes;

    Checked(ServletInputStream body) {
      this.body = body;
    }

    @Override
    public int read() throws IOException {
      long before = System.nanoTime();
      int b = body.read();
      counted(b < 0 ? -1 : 1, System.nanoTime() - before);
      return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      long before = System.nanoTime();
      int read = body.read(buffer, offset, length);
      counted(read, System.nanoTime() - before);
      return read;
    }

    private void counted(int read, long waited) throws IOException {
      if (read < 0) {
        return;
      }
      windowWaited += waited;
      windowBytes += read;
      if (windowWaited >= windowNanos) {
        if (windowBytes < bytesPerWindow) {
          throw new TooSlow(windowBytes, windowWaited / 1_000_000_000L);
        }
        windowWaited = 0;
        windowBytes = 0;
      }
    }

    @Override
    public boolean isFinished() {
      return body.isFinished();
    }

    @Override
    public boolean isReady() {
      return body.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
      body.setReadListener(listener);
    }

    @Override
    public int available() throws IOException {
      return body.available();
    }

    @Override
    public void close() throws IOException {
      body.close();
    }
  }
}

package io.cardgen.cli.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A response body read as a stream whose reads give up when no bytes arrive for {@code idle}. The
 * request timeout of the JDK client covers only the wait for the headers: a connection that dies
 * silently while the body streams in would block a read forever, and the results download would
 * never get to resume. Only waiting for bytes counts, not the time the reader spends between reads
 * (writing the output file). A read that gives up cancels the body, which drops the connection.
 */
final class IdleTimeoutBody extends InputStream
    implements HttpResponse.BodySubscriber<InputStream> {

  /** Marks the end of the body; compared by identity. */
  private static final List<ByteBuffer> END = Collections.unmodifiableList(new ArrayList<>());

  private final Duration idle;
  private final BlockingQueue<List<ByteBuffer>> arrived = new LinkedBlockingQueue<>();
  private volatile Flow.Subscription subscription;
  private volatile Throwable failure;
  private volatile boolean closed;
  private Iterator<ByteBuffer> pending = Collections.emptyIterator();
  private ByteBuffer current;
  private boolean ended;

  private IdleTimeoutBody(Duration idle) {
    this.idle = idle;
  }

  static HttpResponse.BodyHandler<InputStream> handler(Duration idle) {
    return info -> new IdleTimeoutBody(idle);
  }

  @Override
  public CompletionStage<InputStream> getBody() {
    // Like BodyHandlers.ofInputStream: the stream is handed out once the headers are in.
    return CompletableFuture.completedStage(this);
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    if (closed) {
      subscription.cancel();
    } else {
      subscription.request(1);
    }
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    arrived.add(buffers);
  }

  @Override
  public void onError(Throwable throwable) {
    failure = throwable;
    arrived.add(END);
  }

  @Override
  public void onComplete() {
    arrived.add(END);
  }

  @Override
  public int read() throws IOException {
    ByteBuffer buffer = current();
    return buffer == null ? -1 : buffer.get() & 0xFF;
  }

  @Override
  public int read(byte[] bytes, int offset, int length) throws IOException {
    Objects.checkFromIndexSize(offset, length, bytes.length);
    if (length == 0) {
      return 0;
    }
    ByteBuffer buffer = current();
    if (buffer == null) {
      return -1;
    }
    int read = Math.min(length, buffer.remaining());
    buffer.get(bytes, offset, read);
    return read;
  }

  /** The buffer to read from next, waiting at most {@code idle} for one; null at the end. */
  private ByteBuffer current() throws IOException {
    while (current == null || !current.hasRemaining()) {
      if (closed) {
        throw new IOException("closed");
      }
      if (pending.hasNext()) {
        current = pending.next();
        continue;
      }
      if (ended) {
        return null;
      }
      List<ByteBuffer> next = next();
      if (next == END) {
        ended = true;
        if (failure != null) {
          throw failure instanceof IOException io ? io : new IOException(failure);
        }
        return null;
      }
      pending = next.iterator();
      subscription.request(1);
    }
    return current;
  }

  private List<ByteBuffer> next() throws IOException {
    List<ByteBuffer> next;
    try {
      next = arrived.poll(idle.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      close();
      throw new InterruptedIOException("interrupted while reading the answer");
    }
    if (next == null) {
      close();
      throw new HttpTimeoutException("no data for " + describe(idle));
    }
    return next;
  }

  private static String describe(Duration duration) {
    return duration.toMillis() % 1000 == 0
        ? duration.toSeconds() + " s"
        : duration.toMillis() + " ms";
  }

  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    Flow.Subscription s = subscription;
    if (s != null) {
      s.cancel();
    }
  }
}

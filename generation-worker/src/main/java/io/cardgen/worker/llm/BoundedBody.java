package io.cardgen.worker.llm;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;
import java.util.function.Consumer;

/**
 * A response body read whole, but no further than a bound: an answer longer than any card (a broken
 * proxy, a provider streaming garbage) fails the call instead of filling the worker's heap. A
 * declared length over the bound fails before a byte is read. What an answer holds past {@link
 * AnswerMemory#ALLOWANCE} is taken from the worker's {@link AnswerMemory} while it is read, and
 * given back when the body ends, however it ends.
 */
final class BoundedBody implements HttpResponse.BodySubscriber<byte[]> {

  /** The body went past the bound. Not an I/O failure: trying again would read the same. */
  static final class TooLarge extends RuntimeException {
    TooLarge(long limit) {
      super("the provider's answer is longer than " + limit + " bytes");
    }
  }

  private final CompletableFuture<byte[]> result = new CompletableFuture<>();
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final long limit;
  private final long declared;
  private final AnswerMemory memory;
  private Flow.Subscription subscription;
  private long taken; // guarded by this

  private BoundedBody(long limit, long declared, AnswerMemory memory) {
    this.limit = limit;
    this.declared = declared;
    this.memory = memory;
  }

  /**
   * @param created told of each body the handler makes, so that a caller who stops waiting can
   *     {@link #abandon()} it
   */
  static HttpResponse.BodyHandler<byte[]> handler(
      long limit, AnswerMemory memory, Consumer<BoundedBody> created) {
    return info -> {
      BoundedBody body =
          new BoundedBody(
              limit, info.headers().firstValueAsLong("content-length").orElse(-1), memory);
      created.accept(body);
      return body;
    };
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    if (declared > limit) {
      fail(new TooLarge(limit));
      return;
    }
    subscription.request(Long.MAX_VALUE);
  }

  @Override
  public synchronized void onNext(List<ByteBuffer> buffers) {
    if (result.isDone()) {
      return;
    }
    for (ByteBuffer buffer : buffers) {
      long size = bytes.size() + (long) buffer.remaining();
      if (size > limit) {
        fail(new TooLarge(limit));
        return;
      }
      long beyond = size - AnswerMemory.ALLOWANCE;
      if (beyond > taken) {
        try {
          memory.take(beyond - taken);
        } catch (AnswerMemory.Spent spent) {
          fail(spent);
          return;
        }
        taken = beyond;
      }
      byte[] chunk = new byte[buffer.remaining()];
      buffer.get(chunk);
      bytes.writeBytes(chunk);
    }
  }

  @Override
  public synchronized void onError(Throwable failure) {
    giveBack();
    result.completeExceptionally(failure);
  }

  @Override
  public synchronized void onComplete() {
    // Given back before the caller turns the bytes into text: that copy lives only as long as the
    // answer's parsing, on the caller's thread.
    giveBack();
    result.complete(bytes.toByteArray());
  }

  /** For a caller that no longer waits (its read timeout): stops the body and gives back. */
  synchronized void abandon() {
    if (!result.isDone()) {
      fail(new IllegalStateException("abandoned"));
    }
  }

  @Override
  public CompletionStage<byte[]> getBody() {
    return result;
  }

  private void fail(Throwable failure) {
    subscription.cancel();
    giveBack();
    result.completeExceptionally(failure);
  }

  private void giveBack() {
    memory.give(taken);
    taken = 0;
  }
}

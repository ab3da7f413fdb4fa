package io.cardgen.worker.llm;

import java.io.ByteArrayOutputStream;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Flow;

/**
 * A response body read whole, but no further than a bound: an answer longer than any card (a broken
 * proxy, a provider streaming garbage) fails the call instead of filling the worker's heap. A
 * declared length over the bound fails before a byte is read.
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
  private Flow.Subscription subscription;

  private BoundedBody(long limit, long declared) {
    this.limit = limit;
    this.declared = declared;
  }

  static HttpResponse.BodyHandler<byte[]> handler(long limit) {
    return info ->
        new BoundedBody(limit, info.headers().firstValueAsLong("content-length").orElse(-1));
  }

  @Override
  public void onSubscribe(Flow.Subscription subscription) {
    this.subscription = subscription;
    if (declared > limit) {
      subscription.cancel();
      result.completeExceptionally(new TooLarge(limit));
      return;
    }
    subscription.request(Long.MAX_VALUE);
  }

  @Override
  public void onNext(List<ByteBuffer> buffers) {
    if (result.isDone()) {
      return;
    }
    for (ByteBuffer buffer : buffers) {
      if (bytes.size() + (long) buffer.remaining() > limit) {
        subscription.cancel();
        result.completeExceptionally(new TooLarge(limit));
        return;
      }
      byte[] chunk = new byte[buffer.remaining()];
      buffer.get(chunk);
      bytes.writeBytes(chunk);
    }
  }

  @Override
  public void onError(Throwable failure) {
    result.completeExceptionally(failure);
  }

  @Override
  public void onComplete() {
    result.complete(bytes.toByteArray());
  }

  @Override
  public CompletionStage<byte[]> getBody() {
    return result;
  }
}

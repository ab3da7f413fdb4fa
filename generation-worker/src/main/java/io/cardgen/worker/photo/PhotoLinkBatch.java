package io.cardgen.worker.photo;

import java.net.URI;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Fetches the links of one card at once, all against one shared deadline ({@code
 * cardgen.images.fetch-deadline} from the start), so a card's photos cost at most that long whether
 * it has one link or ten; the job's LLM budget comes after it, and both fit in the lease.
 *
 * <p>Each link gets a thread of its own (a virtual one on Java 21+): fetches spend their time
 * waiting on the network, and a shared pool with a queue would let one card's slow hosts eat the
 * next card's deadline. How many run at once is bounded by the worker's jobs in flight times the
 * plan's photos per card.
 */
public final class PhotoLinkBatch {

  private final PhotoLinkFetcher fetcher;
  private final Executor threads;

  PhotoLinkBatch(PhotoLinkFetcher fetcher, Executor threads) {
    this.fetcher = fetcher;
    this.threads = threads;
  }

  /** One outcome per link of {@code account}'s, in the order of {@code links}. */
  public List<FetchOutcome> fetch(UUID account, List<URI> links) {
    long deadline = fetcher.deadlineFromNow();
    if (links.size() == 1) {
      return List.of(fetcher.fetch(account, links.get(0), deadline)); // no thread hand-off for one
    }
    List<CompletableFuture<FetchOutcome>> fetches =
        links.stream()
            .map(
                link ->
                    CompletableFuture.supplyAsync(
                        () -> fetcher.fetch(account, link, deadline), threads))
            .toList();
    // Each fetch ends by the shared deadline on its own, so joining cannot outlast it.
    return fetches.stream().map(CompletableFuture::join).toList();
  }
}

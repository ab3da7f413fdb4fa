package io.cardgen.gateway.batch;

import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.stereotype.Component;

/**
 * The results streams open in this gateway, counted in all and per account against {@link
 * ResultStreamProperties}. A stream takes a slot before its answer starts, so a refusal can still
 * be a 429, and gives it back when its body has been written or has failed.
 */
@Component
class ResultStreams {

  /** A taken slot; closing it more than once gives it back once. */
  final class Slot implements AutoCloseable {

    private final UUID account;
    private final AtomicBoolean open = new AtomicBoolean(true);

    private Slot(UUID account) {
      this.account = account;
    }

    @Override
    public void close() {
      if (open.compareAndSet(true, false)) {
        release(account);
      }
    }
  }

  private final ResultStreamProperties properties;
  private final AtomicInteger total = new AtomicInteger();
  private final ConcurrentHashMap<UUID, Integer> perAccount = new ConcurrentHashMap<>();

  ResultStreams(ResultStreamProperties properties) {
    this.properties = properties;
  }

  /** What {@link #open} gave. */
  sealed interface Opening {}

  record Opened(Slot slot) implements Opening {}

  /** The account has {@link ResultStreamProperties#maxStreamsPerAccount} open here: a 429. */
  record AccountFull(int maxStreams) implements Opening {}

  /** The gateway has {@link ResultStreamProperties#maxStreams} open: a 503, another may serve. */
  record GatewayFull() implements Opening {}

  /** A slot for one more stream of {@code account}, unless a bound is reached. */
  Opening open(UUID account) {
    if (total.incrementAndGet() > properties.maxStreams()) {
      total.decrementAndGet();
      return new GatewayFull();
    }
    boolean[] taken = {false};
    perAccount.compute(
        account,
        (id, open) -> {
          int streams = open == null ? 0 : open;
          if (streams >= properties.maxStreamsPerAccount()) {
            return open;
          }
          taken[0] = true;
          return streams + 1;
        });
    if (!taken[0]) {
      total.decrementAndGet();
      return new AccountFull(properties.maxStreamsPerAccount());
    }
    return new Opened(new Slot(account));
  }

  /** Streams open now, for tests and the metrics. */
  int open() {
    return total.get();
  }

  private void release(UUID account) {
    // The entry goes when its last stream ends, so the map holds only accounts reading now.
    perAccount.computeIfPresent(account, (id, open) -> open > 1 ? open - 1 : null);
    total.decrementAndGet();
  }
}

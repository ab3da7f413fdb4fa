package io.cardgen.worker.webhook;

import io.cardgen.common.webhook.SecretSealing;
import io.cardgen.testsupport.SettableClock;
import io.cardgen.testsupport.WebhookReceiver;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * What one delivery test works with: a settable clock, its own meters and sealing key, a DNS it can
 * repoint, real receivers on loopback addresses and deliverers built as the worker builds them,
 * with 127.0.0.1 allowlisted, {@link #SLOTS} slots and at most {@link #MAX_CONCURRENT_PER_ACCOUNT}
 * attempts of one account at once. Closes what it started.
 */
final class WebhookTestBed implements AutoCloseable {

  // Long enough that a loaded 2-core build box answers a local request well within it.
  static final Duration TIMEOUT = Duration.ofSeconds(5);
  static final Duration LEASE = Duration.ofSeconds(30);
  static final int SLOTS = 4;
  // Half of the slots, as the worker's defaults (4 of 8).
  static final int MAX_CONCURRENT_PER_ACCOUNT = 2;

  final SettableClock clock = new SettableClock();

  /** A sealing key of this bed's own, as an operator sets {@code CARDGEN_WEBHOOKS_SEALING_KEY}. */
  final String sealingKey = aSealingKey();

  final SecretSealing sealing = SecretSealing.fromSettings(sealingKey, List.of());
  final SimpleMeterRegistry metrics = new SimpleMeterRegistry();
  final Map<String, String> dns = new ConcurrentHashMap<>();

  /** A {@link #dns} entry that makes resolving the name throw. */
  static final String BREAKS = "breaks";

  private final JdbcClient jdbc;
  private final List<AutoCloseable> started = new ArrayList<>();

  WebhookTestBed(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  WebhookReceiver receiver(String address) throws Exception {
    WebhookReceiver receiver = new WebhookReceiver(address);
    started.add(receiver);
    return receiver;
  }

  /** A deliverer as a worker would run it; each is a new deliverer with its own lease owner. */
  WebhookDeliverer deliverer() {
    return deliverer(sealing);
  }

  /** A deliverer that keeps secrets as {@code sealing} says. */
  WebhookDeliverer deliverer(SecretSealing sealing) {
    WebhookProperties properties =
        new WebhookProperties(
            true,
            Duration.ofSeconds(1),
            SLOTS,
            MAX_CONCURRENT_PER_ACCOUNT,
            TIMEOUT,
            LEASE,
            Duration.ofSeconds(5),
            Duration.ofHours(1),
            Duration.ofHours(25),
            List.of("127.0.0.1"));
    WebhookDeliverer deliverer =
        WebhookConfiguration.create(jdbc, properties, sealing, metrics, clock, this::resolve);
    started.add(deliverer);
    return deliverer;
  }

  /** The start-up pass of a worker that keeps secrets as {@code sealing} says. */
  SecretResealing resealing(SecretSealing sealing) {
    return WebhookConfiguration.resealing(jdbc, sealing, clock);
  }

  static String aSealingKey() {
    byte[] key = new byte[32];
    new SecureRandom().nextBytes(key);
    return Base64.getEncoder().encodeToString(key);
  }

  double count(String outcome) {
    return metrics.counter(WebhookMetrics.DELIVERIES, "outcome", outcome).count();
  }

  /**
   * Names the test points where it likes; other {@code .test} names do not resolve, and one pointed
   * at {@link #BREAKS} throws as no resolver should, standing for any unexpected failure.
   */
  private InetAddress[] resolve(String host) throws UnknownHostException {
    String address = dns.get(host);
    if (BREAKS.equals(address)) {
      throw new IllegalStateException("the resolver broke");
    }
    if (address != null) {
      return new InetAddress[] {InetAddress.getByName(address)};
    }
    if (host.endsWith(".test")) {
      throw new UnknownHostException(host);
    }
    return InetAddress.getAllByName(host);
  }

  @Override
  public void close() throws Exception {
    for (AutoCloseable closeable : started) {
      closeable.close();
    }
  }
}

package io.cardgen.gateway.batch;

import io.cardgen.common.net.AddressPolicy;
import io.cardgen.common.net.AmbiguousHosts;
import io.cardgen.common.net.Cidr;
import io.cardgen.common.net.NameLookups;
import io.cardgen.common.net.Ports;
import io.cardgen.common.request.Texts;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Decides whether a {@code webhook_url} may be called (batch-api §2): https to public addresses,
 * under the same address rules as photo links; http and private addresses only for the operator's
 * allowlist. The host is resolved and every address it has is checked, so a name with one public
 * and one internal address is refused. The deliverer checks again on every attempt: DNS can change.
 * As for photo links, an https host that does not resolve now passes: the deliverer's check decides
 * (and retries an unresolved host), and a passing DNS failure at the gateway must not refuse a
 * batch of thousands of valid items.
 *
 * <p>The lookup runs on the intake's {@link NameLookups} threads, within the account's places
 * there, and batch creation waits for it at most {@code cardgen.batch.webhook-lookup-timeout}: the
 * DNS server of a name we are handed can hold its answer back for tens of seconds, and with it the
 * request's thread. A host not resolved by then is judged as one that does not resolve. An address
 * in the URL needs no lookup and is judged at once, so no stalled lookup can let it pass unjudged.
 */
@Component
class WebhookAddress {

  private static final int MAX_LENGTH = 2048;

  private final AddressPolicy policy;
  private final List<Cidr> allowlist;
  private final NameLookups.Lookup resolver;
  private final NameLookups lookups;
  private final Duration lookupTimeout;

  @Autowired
  WebhookAddress(BatchProperties properties, NameLookups intakeNameLookups) {
    this(properties, NameLookups.Lookup.SYSTEM, intakeNameLookups);
  }

  /**
   * @param resolver where hosts' addresses come from ({@link NameLookups.Lookup#SYSTEM} but in
   *     tests)
   * @param lookups the threads the lookups run on, bounded in all and per account
   */
  WebhookAddress(BatchProperties properties, NameLookups.Lookup resolver, NameLookups lookups) {
    this.allowlist = properties.webhookPrivateHostAllowlist().stream().map(Cidr::parse).toList();
    this.policy = new AddressPolicy(allowlist);
    this.resolver = resolver;
    this.lookups = lookups;
    this.lookupTimeout = properties.webhookLookupTimeout();
  }

  /** Whether {@code url} may be called with the batches of {@code account}. */
  boolean permits(String url, UUID account) {
    // A lone surrogate (JSON's \ud800) would be stored as '?': another address than the one asked.
    if (url.length() > MAX_LENGTH || !Texts.isWellFormed(url)) {
      return false;
    }
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException malformed) {
      return false;
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!uri.isAbsolute()
        || uri.getHost() == null
        || uri.getRawUserInfo() != null
        || uri.getRawFragment() != null
        || !Ports.connectable(uri)
        || AmbiguousHosts.hasZone(uri.getHost())
        || AmbiguousHosts.isNumericButNotDottedDecimal(uri.getHost())
        || !(scheme.equals("https") || scheme.equals("http"))) {
      return false;
    }
    List<InetAddress> addresses;
    try {
      addresses = Arrays.asList(addressesOf(uri.getHost(), account));
    } catch (UnknownHostException unresolved) {
      // Plain http needs an allowlisted address, which an unresolved host cannot show; the
      // same holds for a host whose lookup passed its deadline.
      return scheme.equals("https");
    } catch (SecurityException refused) {
      return false;
    }
    if (scheme.equals("http")) {
      return addresses.stream().allMatch(this::allowlisted);
    }
    return addresses.stream().allMatch(policy::permits);
  }

  private InetAddress[] addressesOf(String host, UUID account) throws UnknownHostException {
    if (AmbiguousHosts.isAddressLiteral(host)) {
      return InetAddress.getAllByName(host);
    }
    return lookups.addressesOf(
        resolver, host, account, System.nanoTime() + lookupTimeout.toNanos());
  }

  private boolean allowlisted(InetAddress address) {
    return allowlist.stream().anyMatch(cidr -> cidr.contains(address));
  }
}

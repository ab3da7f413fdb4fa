package io.cardgen.gateway.photo;

import io.cardgen.common.net.AddressPolicy;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Judges a photo link's host by the address rules before any credit or key is recorded, so that a
 * link into the internal network is refused with nothing changed and the retry with another photo
 * may use the same key. A host that does not resolve now passes: that may be a passing DNS failure,
 * and the worker, which resolves again and connects only to what it checked, decides. The worker's
 * check stays the one that protects the network — a name can change its answer between the two.
 */
final class PhotoLinkCheck {

  sealed interface Verdict {}

  record Allowed() implements Verdict {}

  /** The host resolves to an address photo links may not reach. */
  record RefusedAddress() implements Verdict {}

  @FunctionalInterface
  interface Resolver {
    InetAddress[] resolve(String host) throws UnknownHostException;
  }

  private static final Logger log = LoggerFactory.getLogger(PhotoLinkCheck.class);

  private final AddressPolicy policy;
  private final Resolver resolver;

  PhotoLinkCheck(List<String> allowlist, Resolver resolver) {
    this.policy = AddressPolicy.allowing(allowlist);
    this.resolver = resolver;
  }

  Verdict check(URI link) {
    String host = link.getHost();
    if (host == null) {
      return new RefusedAddress();
    }
    InetAddress[] addresses;
    try {
      addresses = resolver.resolve(host);
    } catch (UnknownHostException unresolved) {
      log.debug("Photo host {} does not resolve now; the worker decides", host);
      return new Allowed();
    }
    boolean permitted = addresses.length > 0 && Arrays.stream(addresses).allMatch(policy::permits);
    return permitted ? new Allowed() : new RefusedAddress();
  }
}

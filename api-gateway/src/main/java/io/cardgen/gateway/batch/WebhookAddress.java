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
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
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
 */
@Component
class WebhookAddress {

  private static final int MAX_LENGTH = 2048;

  private final AddressPolicy policy;
  private final List<Cidr> allowlist;
  private final NameLookups.Lookup resolver;

  @Autowired
  WebhookAddress(BatchProperties properties) {
    this(properties, NameLookups.Lookup.SYSTEM);
  }

  WebhookAddress(BatchProperties properties, NameLookups.Lookup resolver) {
    this.allowlist = properties.webhookPrivateHostAllowlist().stream().map(Cidr::parse).toList();
    this.policy = new AddressPolicy(allowlist);
    this.resolver = resolver;
  }

  boolean permits(String url) {
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
      addresses = Arrays.asList(resolver.addressesOf(uri.getHost()));
    } catch (UnknownHostException unresolved) {
      // Plain http needs an allowlisted address, which an unresolved host cannot show.
      return scheme.equals("https");
    } catch (SecurityException refused) {
      return false;
    }
    if (scheme.equals("http")) {
      return addresses.stream().allMatch(this::allowlisted);
    }
    return addresses.stream().allMatch(policy::permits);
  }

  private boolean allowlisted(InetAddress address) {
    return allowlist.stream().anyMatch(cidr -> cidr.contains(address));
  }
}

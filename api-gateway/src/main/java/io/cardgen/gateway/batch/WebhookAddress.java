package io.cardgen.gateway.batch;

import io.cardgen.common.net.AddressPolicy;
import io.cardgen.common.net.Cidr;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * Decides whether a {@code webhook_url} may be called (batch-api §2): https to public addresses,
 * under the same address rules as photo links; http and private addresses only for the operator's
 * allowlist. The host is resolved and every address it has is checked, so a name with one public
 * and one internal address is refused. The deliverer checks again on every attempt: DNS can change.
 */
@Component
class WebhookAddress {

  private static final int MAX_LENGTH = 2048;

  private final AddressPolicy policy;
  private final List<Cidr> allowlist;

  WebhookAddress(BatchProperties properties) {
    this.allowlist = properties.webhookPrivateHostAllowlist().stream().map(Cidr::parse).toList();
    this.policy = new AddressPolicy(allowlist);
  }

  boolean permits(String url) {
    if (url.length() > MAX_LENGTH) {
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
        || !(scheme.equals("https") || scheme.equals("http"))) {
      return false;
    }
    List<InetAddress> addresses;
    try {
      addresses = Arrays.asList(InetAddress.getAllByName(uri.getHost()));
    } catch (UnknownHostException | SecurityException unresolved) {
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

package io.cardgen.worker.webhook;

import io.cardgen.common.net.AddressPolicy;
import io.cardgen.common.net.Cidr;
import io.cardgen.common.net.NameLookups;
import io.cardgen.common.net.Ports;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * The address rules of a webhook URL (batch-api §2 {@code webhook_url}), applied before every
 * attempt: the host is resolved now, every address it resolves to must be one {@link AddressPolicy}
 * permits (public, or allowlisted), and plain http may reach allowlisted addresses only. The
 * attempt then connects to exactly the addresses checked here. The lookup counts against the
 * attempt's time: it ends by the attempt's deadline however slowly the name's DNS server answers.
 */
final class Destinations implements AutoCloseable {

  // Webhooks are rare next to cards; these are the lookups slow DNS servers hold up at once, all
  // accounts together and for one account (one webhook URL per batch).
  private static final int MAX_OUTSTANDING_LOOKUPS = 64;
  private static final int MAX_LOOKUPS_PER_ACCOUNT = 4;

  /** Where an attempt may go, or why it may not. */
  sealed interface Destination {}

  /** The URL and the checked addresses of its host, the only ones the attempt may connect to. */
  record Checked(URI uri, String host, List<InetAddress> addresses) implements Destination {}

  record Refused(String reason) implements Destination {}

  /** The host did not resolve: worth retrying, DNS may answer later. */
  record Unresolved(String reason) implements Destination {}

  /** The host's DNS did not answer before the attempt's deadline. */
  record Unanswered(String host) implements Destination {}

  private final AddressPolicy policy;
  private final List<Cidr> allowlist;
  private final NameLookups.Lookup resolver;
  private final NameLookups lookups;

  Destinations(List<Cidr> allowlist, NameLookups.Lookup resolver) {
    this.policy = new AddressPolicy(allowlist);
    this.allowlist = List.copyOf(allowlist);
    this.resolver = resolver;
    this.lookups = new NameLookups("webhook-dns", MAX_OUTSTANDING_LOOKUPS, MAX_LOOKUPS_PER_ACCOUNT);
  }

  /** Where {@code url} may be called, deciding by {@code deadline} (a nanoTime value). */
  Destination check(String url, UUID account, long deadline) {
    URI uri;
    try {
      uri = new URI(url);
    } catch (URISyntaxException e) {
      return new Refused("not a URL");
    }
    String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
    if (!scheme.equals("https") && !scheme.equals("http")) {
      return new Refused("only http and https URLs are called");
    }
    String host = uri.getHost();
    if (host == null || uri.getRawUserInfo() != null) {
      return new Refused("the URL needs a host and no user info");
    }
    if (!Ports.connectable(uri)) {
      return new Refused("port out of range");
    }
    InetAddress[] addresses;
    try {
      addresses = lookups.addressesOf(resolver, host, account, deadline);
    } catch (NameLookups.DeadlinePassedException e) {
      return new Unanswered(host);
    } catch (UnknownHostException e) {
      return new Unresolved(host + " does not resolve");
    }
    for (InetAddress address : addresses) {
      if (!policy.permits(address)) {
        return new Refused(host + " resolves to " + address.getHostAddress() + ", not public");
      }
      if (scheme.equals("http") && allowlist.stream().noneMatch(cidr -> cidr.contains(address))) {
        return new Refused("plain http only to allowlisted addresses, not to " + host);
      }
    }
    return new Checked(uri, host, List.of(addresses));
  }

  @Override
  public void close() {
    lookups.close();
  }
}

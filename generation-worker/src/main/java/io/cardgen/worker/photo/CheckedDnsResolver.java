package io.cardgen.worker.photo;

import io.cardgen.common.net.AddressPolicy;
import io.cardgen.common.net.NameLookups;
import java.net.InetAddress;
import java.net.UnknownHostException;
import org.apache.hc.client5.http.DnsResolver;

/**
 * The only name resolution the photo client does: it resolves a link's host once, refuses the whole
 * name if any of its addresses is not permitted (a name that also points inside is not an image
 * host), and hands the client exactly the addresses it checked. The client connects to those, so
 * there is no second lookup that a rebinding DNS server could answer differently. IP literals pass
 * through here too: the JDK parses them without a lookup.
 *
 * <p>The lookup ends by the deadline of the fetch whose connect asks for it ({@link
 * FetchDeadlineSockets#connectOnThisThread}): a link's DNS server that answers slowly on purpose
 * would otherwise add its delay to the fetch deadline, past the job's lease.
 */
final class CheckedDnsResolver implements DnsResolver {

  private final AddressPolicy policy;
  private final NameLookups.Lookup lookup;
  private final NameLookups lookups;

  CheckedDnsResolver(AddressPolicy policy, NameLookups.Lookup lookup, NameLookups lookups) {
    this.policy = policy;
    this.lookup = lookup;
    this.lookups = lookups;
  }

  @Override
  public InetAddress[] resolve(String host) throws UnknownHostException {
    FetchDeadlineSockets.Connect connect = FetchDeadlineSockets.connectOnThisThread();
    InetAddress[] addresses =
        lookups.addressesOf(lookup, host, connect.account(), connect.deadline());
    for (InetAddress address : addresses) {
      if (!policy.permits(address)) {
        throw new RefusedAddressException(host, address);
      }
    }
    return addresses;
  }

  @Override
  public String resolveCanonicalHostname(String host) {
    return host; // only asked for by Kerberos authentication, which the photo client never does
  }

  /** A link host that resolves to an address photo links may not reach. */
  static final class RefusedAddressException extends UnknownHostException {

    RefusedAddressException(String host, InetAddress address) {
      super(
          host + " resolves to " + address.getHostAddress() + ", which photo links may not reach");
    }
  }
}

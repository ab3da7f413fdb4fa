package io.cardgen.gateway.photo;

import io.cardgen.common.net.AddressPolicy;
import io.cardgen.common.net.AmbiguousHosts;
import io.cardgen.common.net.NameLookups;
import io.cardgen.common.stage.OldestFirstGate;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Judges a photo link's host by the address rules before any credit or key is recorded, so that a
 * link into the internal network is refused with nothing changed and the retry with another photo
 * may use the same key. A host that does not resolve now passes: that may be a passing DNS failure,
 * and the worker, which resolves again and connects only to what it checked, decides. The worker's
 * check stays the one that protects the network — a name can change its answer between the two.
 *
 * <p>For the same reason a host whose DNS has not answered by the request's deadline passes too. A
 * JDK lookup cannot be bounded, and a link's own DNS server can hold its answer back on purpose for
 * tens of seconds, which would hold the request's thread as long; so the lookups run on {@link
 * NameLookups}' threads, with the account's own places, and the request waits for them only until
 * one deadline for all its links ({@code cardgen.images.intake-lookup-timeout}). Passing such a
 * host costs nothing the worker's check does not cover, and the worker's own lookup of it ends by
 * its fetch deadline; refusing it would turn a slow but valid photo host into a 422.
 */
final class PhotoLinkCheck {

  sealed interface Verdict {}

  record Allowed() implements Verdict {}

  /** The host resolves to an address photo links may not reach. */
  record RefusedAddress() implements Verdict {}

  private static final Logger log = LoggerFactory.getLogger(PhotoLinkCheck.class);

  private final AddressPolicy policy;
  private final NameLookups.Lookup lookup;
  private final NameLookups lookups;
  private final Duration lookupTimeout;
  private final OldestFirstGate gate;

  /**
   * @param lookup where hosts' addresses come from ({@link NameLookups.Lookup#SYSTEM} but in tests)
   * @param lookups the threads the lookups run on, bounded in all and per account
   * @param lookupTimeout how long one request's lookups may take, all its links together
   * @param gate whose permit a request waiting for a lookup leaves to others meanwhile
   */
  PhotoLinkCheck(
      List<String> allowlist,
      NameLookups.Lookup lookup,
      NameLookups lookups,
      Duration lookupTimeout,
      OldestFirstGate gate) {
    this.policy = AddressPolicy.allowing(allowlist);
    this.lookup = lookup;
    this.lookups = lookups;
    this.lookupTimeout = lookupTimeout;
    this.gate = gate;
  }

  /** The deadline (a {@link System#nanoTime()} value) of a request whose links are judged now. */
  long deadlineFromNow() {
    return System.nanoTime() + lookupTimeout.toNanos();
  }

  /** Judges {@code link} for {@code account}, waiting for its host's addresses until deadline. */
  Verdict check(URI link, UUID account, long deadline) {
    String host = link.getHost();
    if (host == null) {
      return new RefusedAddress();
    }
    InetAddress[] addresses;
    try {
      // An address is judged at once: it needs no lookup, so neither a lookup place nor the
      // deadline, which an account's stalled names may have used up, can let it pass unjudged.
      // A DNS lookup waits on the network: the request waits outside its permit of the gate.
      addresses =
          AmbiguousHosts.isAddressLiteral(host)
              ? InetAddress.getAllByName(host)
              : gate.outside(() -> lookups.addressesOf(lookup, host, account, deadline));
    } catch (NameLookups.DeadlinePassedException late) {
      log.debug("Photo host {} did not resolve by the deadline; the worker decides", host);
      return new Allowed();
    } catch (UnknownHostException unresolved) {
      log.debug("Photo host {} does not resolve now; the worker decides", host);
      return new Allowed();
    }
    boolean permitted = addresses.length > 0 && Arrays.stream(addresses).allMatch(policy::permits);
    return permitted ? new Allowed() : new RefusedAddress();
  }
}

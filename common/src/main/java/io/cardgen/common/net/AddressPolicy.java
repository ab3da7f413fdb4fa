package io.cardgen.common.net;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Which addresses an outbound link (a photo, a webhook) may reach: public unicast only, unless the
 * operator allowlisted the address (for a private image host, or a test server).
 *
 * <p>Refused: loopback, private (RFC 1918, fc00::/7, the deprecated fec0::/10), link-local (which
 * holds the cloud metadata endpoints 169.254.169.254 and fd00:ec2::254 is in fc00::/7), multicast,
 * unspecified, CGNAT 100.64/10, "this network" 0/8 (Linux routes 0.x to the host itself), reserved,
 * benchmarking and documentation ranges, and Teredo. IPv6 forms that carry an IPv4 address a
 * gateway would forward to (IPv4-mapped, IPv4-compatible, IPv4-translated, NAT64, 6to4) are judged
 * by that IPv4 address.
 */
public final class AddressPolicy {

  private static final List<Cidr> NOT_PUBLIC =
      parse(
          "0.0.0.0/8",
          "10.0.0.0/8",
          "100.64.0.0/10",
          "127.0.0.0/8",
          "169.254.0.0/16",
          "172.16.0.0/12",
          "192.0.0.0/24",
          "192.0.2.0/24",
          "192.168.0.0/16",
          "198.18.0.0/15",
          "198.51.100.0/24",
          "203.0.113.0/24",
          "224.0.0.0/4",
          "240.0.0.0/4",
          "::/128",
          "::1/128",
          "100::/64",
          "2001::/32",
          "2001:db8::/32",
          "64:ff9b:1::/48",
          "fc00::/7",
          "fe80::/10",
          "fec0::/10",
          "ff00::/8");
  // The JDK turns ::ffff:a.b.c.d into an Inet4Address when it resolves or parses, but an
  // Inet6Address can still hold one, so isIpv4Mapped checks for it too. ::ffff:0:a.b.c.d is
  // IPv4-translated (RFC 2765), which a SIIT translator forwards to a.b.c.d.
  private static final List<Cidr> IPV4_IN_LAST_32_BITS =
      parse("::/96", "::ffff:0:0:0/96", "64:ff9b::/96");
  private static final Cidr SIX_TO_FOUR = Cidr.parse("2002::/16");

  private final List<Cidr> allowlist;

  public AddressPolicy(List<Cidr> allowlist) {
    this.allowlist = List.copyOf(allowlist);
  }

  public static AddressPolicy allowing(List<String> allowlist) {
    return new AddressPolicy(allowlist.stream().map(Cidr::parse).toList());
  }

  /** True when a connection to {@code address} is allowed: public, or allowlisted. */
  public boolean permits(InetAddress address) {
    return allowlist.stream().anyMatch(cidr -> cidr.contains(address)) || isPublic(address);
  }

  private static boolean isPublic(InetAddress address) {
    if (address.isAnyLocalAddress()
        || address.isLoopbackAddress()
        || address.isLinkLocalAddress()
        || address.isSiteLocalAddress()
        || address.isMulticastAddress()
        || NOT_PUBLIC.stream().anyMatch(cidr -> cidr.contains(address))) {
      return false;
    }
    return embeddedIpv4(address).map(AddressPolicy::isPublic).orElse(true);
  }

  private static Optional<InetAddress> embeddedIpv4(InetAddress address) {
    if (!(address instanceof Inet6Address)) {
      return Optional.empty();
    }
    byte[] bytes = address.getAddress();
    if (isIpv4Mapped(bytes)
        || IPV4_IN_LAST_32_BITS.stream().anyMatch(cidr -> cidr.contains(address))) {
      return Optional.of(ipv4(Arrays.copyOfRange(bytes, 12, 16)));
    }
    if (SIX_TO_FOUR.contains(address)) {
      return Optional.of(ipv4(Arrays.copyOfRange(bytes, 2, 6)));
    }
    return Optional.empty();
  }

  private static boolean isIpv4Mapped(byte[] ipv6) {
    for (int i = 0; i < 10; i++) {
      if (ipv6[i] != 0) {
        return false;
      }
    }
    return ipv6[10] == (byte) 0xFF && ipv6[11] == (byte) 0xFF;
  }

  private static InetAddress ipv4(byte[] bytes) {
    try {
      return InetAddress.getByAddress(bytes);
    } catch (UnknownHostException e) {
      throw new IllegalStateException("four bytes are always an IPv4 address", e);
    }
  }

  private static List<Cidr> parse(String... cidrs) {
    return Arrays.stream(cidrs).map(Cidr::parse).toList();
  }
}

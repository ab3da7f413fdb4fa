package io.cardgen.common.net;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An IPv4 or IPv6 network, or a single address (a network of one). */
public record Cidr(InetAddress network, int prefixLength) {

  private static final Pattern IPV4 =
      Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})");

  /**
   * Parses {@code 10.0.0.0/8}, {@code 203.0.113.7}, {@code fd00::/8}, {@code ::1} or {@code [::1]}.
   * Only literals: a host name is an error, never looked up.
   *
   * @throws IllegalArgumentException when {@code text} is not an address or network
   */
  public static Cidr parse(String text) {
    String value = text.strip();
    int slash = value.indexOf('/');
    InetAddress address = literal(slash < 0 ? value : value.substring(0, slash));
    int bits = address.getAddress().length * 8;
    int prefix = slash < 0 ? bits : prefixLength(value.substring(slash + 1), bits, text);
    return new Cidr(address, prefix);
  }

  /**
   * A comma-separated allowlist setting as every service reads it: entries stripped, empty ones (a
   * trailing comma) dropped, each checked now so that a typo stops the start instead of opening a
   * hole. One reading for the gateway and the worker, so a list one accepts never stops the other.
   *
   * @throws IllegalArgumentException when an entry is not an address or network
   */
  public static List<String> allowlist(List<String> entries) {
    List<String> kept =
        entries == null
            ? List.of()
            : entries.stream().map(String::strip).filter(entry -> !entry.isEmpty()).toList();
    kept.forEach(Cidr::parse);
    return kept;
  }

  public boolean contains(InetAddress address) {
    byte[] candidate = address.getAddress();
    byte[] net = network.getAddress();
    if (candidate.length != net.length) {
      return false;
    }
    int full = prefixLength / 8;
    for (int i = 0; i < full; i++) {
      if (candidate[i] != net[i]) {
        return false;
      }
    }
    int rest = prefixLength % 8;
    int mask = (0xFF << (8 - rest)) & 0xFF;
    return rest == 0 || (candidate[full] & mask) == (net[full] & mask);
  }

  @Override
  public String toString() {
    return network.getHostAddress() + "/" + prefixLength;
  }

  private static InetAddress literal(String text) {
    try {
      if (text.indexOf(':') >= 0) {
        // Brackets make the JDK parse an IPv6 literal or fail; it never falls back to DNS.
        String bare = text.startsWith("[") && text.endsWith("]") ? text : "[" + text + "]";
        return InetAddress.getByName(bare);
      }
      Matcher ipv4 = IPV4.matcher(text);
      if (!ipv4.matches()) {
        throw new IllegalArgumentException("not an IP address or CIDR: " + text);
      }
      byte[] bytes = new byte[4];
      for (int i = 0; i < 4; i++) {
        int octet = Integer.parseInt(ipv4.group(i + 1));
        if (octet > 255) {
          throw new IllegalArgumentException("not an IP address or CIDR: " + text);
        }
        bytes[i] = (byte) octet;
      }
      return InetAddress.getByAddress(bytes);
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException("not an IP address or CIDR: " + text, e);
    }
  }

  private static int prefixLength(String text, int bits, String whole) {
    if (!text.matches("\\d{1,3}") || Integer.parseInt(text) > bits) {
      throw new IllegalArgumentException("bad prefix length in " + whole);
    }
    return Integer.parseInt(text);
  }
}

package io.cardgen.common.net;

import java.util.regex.Pattern;

/**
 * Host forms whose address depends on who reads them, refused in photo links and webhook addresses
 * alike (DESIGN's photo-link rules; batch-api §2 checks webhooks "with the same address rules").
 */
public final class AmbiguousHosts {

  private static final Pattern NUMERIC_LABEL = Pattern.compile("0[xX][0-9a-fA-F]*|[0-9]+");
  private static final String OCTET = "(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])";
  private static final Pattern DOTTED_DECIMAL =
      Pattern.compile(OCTET + "\\." + OCTET + "\\." + OCTET + "\\." + OCTET);

  private AmbiguousHosts() {}

  /**
   * {@code [fe80::1%25eth0]} names an interface of the machine that reads it: only link-local
   * addresses have zones, and InetAddress fails on an unknown one as if DNS did, so the link would
   * pass as "may resolve later" and fail only at the worker.
   */
  public static boolean hasZone(String host) {
    return host.contains("%");
  }

  /**
   * Whether {@code host}, as {@link java.net.URI#getHost()} gives it, is an address rather than a
   * name: four dotted decimals, or an IPv6 address in brackets. Such a host needs no DNS lookup to
   * be judged.
   */
  public static boolean isAddressLiteral(String host) {
    return DOTTED_DECIMAL.matcher(host).matches()
        || (host.startsWith("[") && host.endsWith("]") && !hasZone(host));
  }

  /**
   * Browsers read 0x7f000001, 0177.0.0.1, 2130706433 or 127.1 as 127.0.0.1 (the WHATWG URL
   * standard: a host whose last label is a number is IPv4), Java as names that do not resolve, or
   * 0177.0.0.1 as 177.0.0.1: which address is meant is ambiguous.
   */
  public static boolean isNumericButNotDottedDecimal(String host) {
    String name = host.endsWith(".") ? host.substring(0, host.length() - 1) : host;
    String last = name.substring(name.lastIndexOf('.') + 1);
    return NUMERIC_LABEL.matcher(last).matches() && !DOTTED_DECIMAL.matcher(name).matches();
  }
}

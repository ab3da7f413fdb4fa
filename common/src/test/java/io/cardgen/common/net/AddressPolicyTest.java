package io.cardgen.common.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class AddressPolicyTest {

  private final AddressPolicy publicOnly = AddressPolicy.allowing(List.of());

  @ParameterizedTest
  @ValueSource(
      strings = {
        "127.0.0.1",
        "127.8.9.10",
        "0.0.0.0",
        "0.1.2.3",
        "10.0.0.1",
        "172.16.0.1",
        "172.31.255.255",
        "192.168.1.1",
        "169.254.169.254",
        "169.254.0.1",
        "100.64.0.1",
        "100.127.255.254",
        "224.0.0.1",
        "239.255.255.250",
        "255.255.255.255",
        "240.0.0.1",
        "198.18.0.1",
        "192.0.0.170",
        "::",
        "::1",
        "fe80::1",
        "fc00::1",
        "fd00:ec2::254",
        "fec0::1",
        "ff02::1",
        "::ffff:127.0.0.1",
        "::ffff:169.254.169.254",
        "::ffff:0:7f00:1",
        "::ffff:0:a9fe:a9fe",
        "::127.0.0.1",
        "64:ff9b::a00:1",
        "64:ff9b::7f00:1",
        "64:ff9b:1::1",
        "2002:7f00:1::1",
        "2002:a9fe:a9fe::1",
        "2001:0:4136::1",
        "2001:db8::1"
      })
  void refusesAddressesThatAreNotPublic(String address) throws UnknownHostException {
    assertThat(publicOnly.permits(literal(address))).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "93.184.216.34",
        "8.8.8.8",
        "1.1.1.1",
        "172.32.0.1",
        "100.128.0.1",
        "2606:4700::6810:85e5",
        "2a00:1450:4001:80b::200e",
        "64:ff9b::808:808",
        "2002:808:808::1"
      })
  void permitsPublicAddresses(String address) throws UnknownHostException {
    assertThat(publicOnly.permits(literal(address))).isTrue();
  }

  @Test
  void judgesAnIpv4MappedIpv6AddressByItsIpv4Part() throws UnknownHostException {
    byte[] mapped = new byte[16];
    mapped[10] = (byte) 0xFF;
    mapped[11] = (byte) 0xFF;
    mapped[12] = 10;
    mapped[15] = 1;
    InetAddress kept = Inet6Address.getByAddress(null, mapped, (NetworkInterface) null);

    assertThat(kept).isInstanceOf(Inet6Address.class);
    assertThat(publicOnly.permits(kept)).isFalse();
  }

  @Test
  void permitsWhatTheOperatorAllowlisted() throws UnknownHostException {
    AddressPolicy policy =
        AddressPolicy.allowing(List.of("10.20.0.0/16", "127.0.0.1", "[fd12::1]"));

    assertThat(policy.permits(literal("10.20.3.4"))).isTrue();
    assertThat(policy.permits(literal("127.0.0.1"))).isTrue();
    assertThat(policy.permits(literal("fd12::1"))).isTrue();
    assertThat(policy.permits(literal("10.21.0.1"))).isFalse();
    assertThat(policy.permits(literal("127.0.0.2"))).isFalse();
    assertThat(policy.permits(literal("169.254.169.254"))).isFalse();
  }

  private static InetAddress literal(String address) throws UnknownHostException {
    return InetAddress.getByName(address.contains(":") ? "[" + address + "]" : address);
  }
}

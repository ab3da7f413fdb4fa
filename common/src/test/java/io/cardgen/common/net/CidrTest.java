package io.cardgen.common.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.junit.jupiter.api.Test;

class CidrTest {

  @Test
  void matchesAddressesInsideItsPrefix() throws UnknownHostException {
    Cidr cidr = Cidr.parse("172.16.0.0/12");

    assertThat(cidr.contains(InetAddress.getByName("172.31.255.255"))).isTrue();
    assertThat(cidr.contains(InetAddress.getByName("172.32.0.0"))).isFalse();
    assertThat(cidr.contains(InetAddress.getByName("[::ffff:ac10:1]"))).isTrue();
    assertThat(cidr.contains(InetAddress.getByName("[fe80::1]"))).isFalse();
  }

  @Test
  void readsASingleAddressAsANetworkOfOne() {
    assertThat(Cidr.parse(" 203.0.113.7 ")).hasToString("203.0.113.7/32");
    assertThat(Cidr.parse("[::1]")).hasToString("0:0:0:0:0:0:0:1/128");
    assertThat(Cidr.parse("fd00::/8")).hasToString("fd00:0:0:0:0:0:0:0/8");
  }

  @Test
  void acceptsOnlyLiteralsNeverHostNames() {
    for (String bad :
        new String[] {
          "localhost",
          "example.com",
          "10.0.0.0/33",
          "::1/129",
          "256.1.1.1",
          "10.0.0",
          "1.2.3.4/x",
          ""
        }) {
      assertThatIllegalArgumentException().as(bad).isThrownBy(() -> Cidr.parse(bad));
    }
  }

  @Test
  void readsAnAllowlistSettingWithStraySpacesAndCommas() {
    assertThat(Cidr.allowlist(java.util.List.of(" 10.0.0.0/8 ", "", "  ", "::1")))
        .containsExactly("10.0.0.0/8", "::1");
    assertThat(Cidr.allowlist(null)).isEmpty();
    assertThatIllegalArgumentException()
        .isThrownBy(() -> Cidr.allowlist(java.util.List.of("10.0.0.0/8", "intranet.local")));
  }
}

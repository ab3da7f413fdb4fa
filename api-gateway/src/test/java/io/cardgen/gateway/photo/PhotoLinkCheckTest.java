package io.cardgen.gateway.photo;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;

class PhotoLinkCheckTest {

  private static InetAddress[] addresses(String... literals) throws UnknownHostException {
    InetAddress[] resolved = new InetAddress[literals.length];
    for (int i = 0; i < literals.length; i++) {
      resolved[i] = InetAddress.getByName(literals[i]);
    }
    return resolved;
  }

  @Test
  void refusesAHostWithAnyPrivateAddress() {
    PhotoLinkCheck check =
        new PhotoLinkCheck(List.of(), host -> addresses("93.184.215.14", "10.0.0.7"));

    assertThat(check.check(URI.create("https://photos.example/mug.jpg")))
        .isInstanceOf(PhotoLinkCheck.RefusedAddress.class);
  }

  @Test
  void allowsAHostWhoseAddressesAreAllPublic() {
    PhotoLinkCheck check = new PhotoLinkCheck(List.of(), host -> addresses("93.184.215.14"));

    assertThat(check.check(URI.create("https://photos.example/mug.jpg")))
        .isInstanceOf(PhotoLinkCheck.Allowed.class);
  }

  @Test
  void theAllowlistOpensAPrivateHost() {
    PhotoLinkCheck check =
        new PhotoLinkCheck(List.of("10.0.0.0/24"), host -> addresses("10.0.0.7"));

    assertThat(check.check(URI.create("http://images.internal/mug.jpg")))
        .isInstanceOf(PhotoLinkCheck.Allowed.class);
  }

  @Test
  void judgesIpLiteralsWithoutALookup() {
    PhotoLinkCheck check = new PhotoLinkCheck(List.of(), InetAddress::getAllByName);

    assertThat(check.check(URI.create("http://127.0.0.1/a.jpg")))
        .isInstanceOf(PhotoLinkCheck.RefusedAddress.class);
    assertThat(check.check(URI.create("http://[::1]/a.jpg")))
        .isInstanceOf(PhotoLinkCheck.RefusedAddress.class);
    assertThat(check.check(URI.create("http://[fd00:ec2::254]/a.jpg")))
        .isInstanceOf(PhotoLinkCheck.RefusedAddress.class);
  }

  @Test
  void leavesAnUnresolvableHostToTheWorker() {
    PhotoLinkCheck check =
        new PhotoLinkCheck(
            List.of(),
            host -> {
              throw new UnknownHostException(host);
            });

    assertThat(check.check(URI.create("https://gone.example/a.jpg")))
        .isInstanceOf(PhotoLinkCheck.Allowed.class);
  }
}

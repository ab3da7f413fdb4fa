package io.cardgen.gateway.photo;

import io.cardgen.common.net.Cidr;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The photo-link address rule as the gateway applies it before a request is accepted: the same
 * {@code cardgen.images.private-host-allowlist} the worker fetches under, read the same way
 * (entries stripped, empty ones dropped), so both agree on which hosts a link may name and a list
 * one of them accepts never stops the other's start.
 *
 * @param privateHostAllowlist IPs/CIDRs links may reach although they are not public (from {@code
 *     CARDGEN_IMAGES_PRIVATE_HOST_ALLOWLIST}, comma-separated)
 * @param intakeLookupTimeout how long a request waits for its links' hosts to resolve, all of them
 *     together, before the hosts not resolved by then are left to the worker (gateway only; from
 *     {@code CARDGEN_IMAGES_INTAKE_LOOKUP_TIMEOUT})
 */
@ConfigurationProperties("cardgen.images")
record PhotoLinkProperties(
    @DefaultValue List<String> privateHostAllowlist,
    @DefaultValue("2s") Duration intakeLookupTimeout) {

  PhotoLinkProperties {
    privateHostAllowlist = Cidr.allowlist(privateHostAllowlist);
    if (intakeLookupTimeout.isNegative() || intakeLookupTimeout.isZero()) {
      throw new IllegalArgumentException("cardgen.images.intake-lookup-timeout must be positive");
    }
  }
}

package io.cardgen.gateway.photo;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The photo-link address rule as the gateway applies it before a request is accepted: the same
 * {@code cardgen.images.private-host-allowlist} the worker fetches under, so both agree on which
 * hosts a link may name.
 *
 * @param privateHostAllowlist IPs/CIDRs links may reach although they are not public
 */
@ConfigurationProperties("cardgen.images")
record PhotoLinkProperties(@DefaultValue List<String> privateHostAllowlist) {}

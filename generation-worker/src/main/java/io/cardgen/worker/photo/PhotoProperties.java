package io.cardgen.worker.photo;

import io.cardgen.common.photo.PhotoLimits;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Limits for photos and for fetching photo links ({@code cardgen.images.*}).
 *
 * @param maxBytes largest photo accepted, inline or fetched
 * @param maxPixels largest canvas (width × height) a photo header may declare
 * @param connectTimeout per connection attempt
 * @param readTimeout longest silence while waiting for or reading a response
 * @param fetchDeadline the whole fetch of one link, redirects and body included
 * @param maxRedirects redirects followed before the link is refused
 * @param privateHostAllowlist IPs or CIDRs that links may reach although they are not public (from
 *     {@code CARDGEN_IMAGES_PRIVATE_HOST_ALLOWLIST}, comma-separated)
 */
@ConfigurationProperties("cardgen.images")
record PhotoProperties(
    @DefaultValue("10MB") DataSize maxBytes,
    @DefaultValue("40000000") long maxPixels,
    @DefaultValue("3s") Duration connectTimeout,
    @DefaultValue("5s") Duration readTimeout,
    @DefaultValue("15s") Duration fetchDeadline,
    @DefaultValue("3") int maxRedirects,
    @DefaultValue List<String> privateHostAllowlist) {

  PhotoProperties {
    privateHostAllowlist =
        privateHostAllowlist == null
            ? List.of()
            : privateHostAllowlist.stream().map(String::strip).filter(s -> !s.isEmpty()).toList();
    privateHostAllowlist.forEach(Cidr::parse); // a typo must stop the start, not open a hole
    if (maxBytes.toBytes() <= 0 || maxBytes.toBytes() > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("cardgen.images.max-bytes must be between 1B and 2GB");
    }
    for (Duration timeout : List.of(connectTimeout, readTimeout, fetchDeadline)) {
      if (timeout.isNegative() || timeout.isZero()) {
        throw new IllegalArgumentException("cardgen.images timeouts must be positive");
      }
    }
    if (maxPixels <= 0) {
      throw new IllegalArgumentException("cardgen.images.max-pixels must be positive");
    }
    if (maxRedirects < 0) {
      throw new IllegalArgumentException("cardgen.images.max-redirects must not be negative");
    }
  }

  PhotoLimits limits() {
    return new PhotoLimits((int) maxBytes.toBytes(), maxPixels);
  }
}

package io.cardgen.gateway.photo;

import io.cardgen.common.photo.PhotoLimits;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The limits the gateway holds inline photos to: the same {@code cardgen.images} keys the worker
 * applies to fetched links, so both paths accept the same photos. The link-fetching keys under that
 * prefix are the worker's and ignored here.
 */
@ConfigurationProperties("cardgen.images")
record InlinePhotoProperties(
    @DefaultValue("10MB") DataSize maxBytes, @DefaultValue("40000000") long maxPixels) {

  InlinePhotoProperties {
    if (maxBytes.toBytes() <= 0 || maxBytes.toBytes() > Integer.MAX_VALUE - 8) {
      throw new IllegalArgumentException("cardgen.images.max-bytes must be between 1B and 2GB");
    }
    if (maxPixels <= 0) {
      throw new IllegalArgumentException("cardgen.images.max-pixels must be positive");
    }
  }

  PhotoLimits limits() {
    return new PhotoLimits((int) maxBytes.toBytes(), maxPixels);
  }
}

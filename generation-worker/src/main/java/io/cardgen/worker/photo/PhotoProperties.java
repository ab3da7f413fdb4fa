package io.cardgen.worker.photo;

import io.cardgen.common.net.Cidr;
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
 * @param fetchDeadline the whole fetch of a card's links, fetched in parallel, redirects and bodies
 *     included; with the LLM timeout it must stay inside the job lease
 * @param maxRedirects redirects followed before the link is refused
 * @param privateHostAllowlist IPs or CIDRs that links may reach although they are not public (from
 *     {@code CARDGEN_IMAGES_PRIVATE_HOST_ALLOWLIST}, comma-separated)
 * @param llmMaxSide longest side, in pixels, of the copy the model gets; larger photos are scaled
 *     down (the stored original is untouched)
 * @param llmJpegQuality JPEG quality (0–1] of a scaled-down copy without transparency
 * @param decodeMemory memory outside the heap that photo decodes may take at once (a progressive
 *     JPEG's coefficients, 2 bytes per pixel and component: 240 MB for a 40-MP colour one); a
 *     container's memory limit must leave room for it next to the heap
 */
@ConfigurationProperties("cardgen.images")
record PhotoProperties(
    @DefaultValue("10MB") DataSize maxBytes,
    @DefaultValue("40000000") long maxPixels,
    @DefaultValue("3s") Duration connectTimeout,
    @DefaultValue("5s") Duration readTimeout,
    @DefaultValue("15s") Duration fetchDeadline,
    @DefaultValue("3") int maxRedirects,
    @DefaultValue List<String> privateHostAllowlist,
    @DefaultValue("1024") int llmMaxSide,
    @DefaultValue("0.85") float llmJpegQuality,
    @DefaultValue("256MB") DataSize decodeMemory) {

  static final DataSize DEFAULT_DECODE_MEMORY = DataSize.ofMegabytes(256);

  PhotoProperties {
    privateHostAllowlist = Cidr.allowlist(privateHostAllowlist);
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
    if (llmMaxSide < 16) {
      throw new IllegalArgumentException("cardgen.images.llm-max-side must be at least 16");
    }
    if (!(llmJpegQuality > 0 && llmJpegQuality <= 1)) {
      throw new IllegalArgumentException("cardgen.images.llm-jpeg-quality must be in (0, 1]");
    }
    if (decodeMemory.toBytes() < DataSize.ofMegabytes(1).toBytes()) {
      throw new IllegalArgumentException("cardgen.images.decode-memory must be at least 1MB");
    }
    if (maxRedirects < 0) {
      throw new IllegalArgumentException("cardgen.images.max-redirects must not be negative");
    }
  }

  PhotoLimits limits() {
    return new PhotoLimits((int) maxBytes.toBytes(), maxPixels);
  }
}

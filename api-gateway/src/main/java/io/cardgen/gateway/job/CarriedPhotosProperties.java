package io.cardgen.gateway.job;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * How many bytes of a job's inline photos may ride along in its Kafka message (ADR 0024), all
 * photos of the job together; a job over the limit carries none, and 0 turns carrying off. The
 * message holds them as base64 (4/3 of the bytes), and Kafka refuses records over 1 MB by default
 * ({@code max.request.size}, {@code message.max.bytes}), hence the ceiling.
 */
@ConfigurationProperties("cardgen.jobs")
record CarriedPhotosProperties(@DefaultValue("256KB") DataSize carriedPhotoBytes) {

  static final DataSize CEILING = DataSize.ofKilobytes(512);

  CarriedPhotosProperties {
    if (carriedPhotoBytes.isNegative() || carriedPhotoBytes.compareTo(CEILING) > 0) {
      throw new IllegalArgumentException(
          "cardgen.jobs.carried-photo-bytes must be between 0 and " + CEILING.toKilobytes() + "KB");
    }
  }
}

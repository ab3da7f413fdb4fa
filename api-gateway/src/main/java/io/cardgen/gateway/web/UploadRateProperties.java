package io.cardgen.gateway.web;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The slowest a request body may arrive ({@link MinimumUploadRate}), and the longest a card
 * request's body may take.
 *
 * @param minimumRate bytes per second a body must keep up, measured over each window
 * @param window how long a stretch is measured; also how long a body may stall before it is cut
 * @param cardBodyTime how long a card request's body may take to arrive whole, from its first read.
 *     Its room in the intake memory is held at five times its declared length for that long: at the
 *     minimum rate alone, a 32 MiB body held most of the intake memory for four hours. Batch bodies
 *     stream, hold a bounded share, and may take longer.
 */
@ConfigurationProperties("cardgen.api.upload")
public record UploadRateProperties(
    @DefaultValue("2KB") DataSize minimumRate,
    @DefaultValue("15s") Duration window,
    @DefaultValue("5m") Duration cardBodyTime) {

  public UploadRateProperties {
    if (minimumRate.toBytes() < 0
        || window.isNegative()
        || window.isZero()
        || cardBodyTime.isNegative()
        || cardBodyTime.isZero()) {
      throw new IllegalArgumentException(
          "cardgen.api.upload.minimum-rate must not be negative, the window and card-body-time"
              + " must be positive");
    }
  }

  long bytesPerWindow() {
    return minimumRate.toBytes() * window.toMillis() / 1000;
  }
}

package io.cardgen.gateway.web;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * The slowest a request body may arrive ({@link MinimumUploadRate}).
 *
 * @param minimumRate bytes per second a body must keep up, measured over each window
 * @param window how long a stretch is measured; also how long a body may stall before it is cut
 */
@ConfigurationProperties("cardgen.api.upload")
public record UploadRateProperties(
    @DefaultValue("2KB") DataSize minimumRate, @DefaultValue("15s") Duration window) {

  public UploadRateProperties {
    if (minimumRate.toBytes() < 0 || window.isNegative() || window.isZero()) {
      throw new IllegalArgumentException(
          "cardgen.api.upload.minimum-rate must not be negative and the window must be positive");
    }
  }

  long bytesPerWindow() {
    return minimumRate.toBytes() * window.toMillis() / 1000;
  }
}

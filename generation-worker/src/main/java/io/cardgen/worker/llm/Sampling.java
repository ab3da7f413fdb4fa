package io.cardgen.worker.llm;

import io.cardgen.common.request.Creativity;
import java.util.EnumMap;
import java.util.Map;
import java.util.Properties;

/**
 * How freely the model samples for one creativity level. The settings live beside the prompt texts
 * ({@code prompts/<version>/sampling.properties}) because they shape the cards as much as the texts
 * do: the prompt version stored with a card names both.
 *
 * @param temperature sent with every request
 * @param topP nucleus sampling; {@code null} leaves the provider's default (it is then not sent)
 */
record Sampling(double temperature, Double topP) {

  private static final double MAX_TEMPERATURE = 2.0;

  Sampling {
    if (temperature < 0 || temperature > MAX_TEMPERATURE) {
      throw new IllegalStateException("temperature must be within 0..2, was " + temperature);
    }
    if (topP != null && (topP <= 0 || topP > 1)) {
      throw new IllegalStateException("top_p must be within (0, 1], was " + topP);
    }
  }

  /** Reads {@code <level>.temperature} and the optional {@code <level>.top-p} of every level. */
  static Map<Creativity, Sampling> read(Properties properties, String path) {
    Map<Creativity, Sampling> levels = new EnumMap<>(Creativity.class);
    for (Creativity level : Creativity.values()) {
      String temperature = properties.getProperty(level.wireName() + ".temperature");
      if (temperature == null) {
        throw new IllegalStateException(path + " lacks " + level.wireName() + ".temperature");
      }
      String topP = properties.getProperty(level.wireName() + ".top-p");
      levels.put(
          level,
          new Sampling(
              Double.parseDouble(temperature.strip()),
              topP == null ? null : Double.valueOf(topP.strip())));
    }
    return levels;
  }
}

package io.cardgen.common.request;

import java.util.Optional;

/** How freely the model may write; {@code balanced} is accepted as a synonym of middle. */
public enum Creativity {
  LOW,
  MIDDLE,
  HIGH;

  public String wireName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  public static Optional<Creativity> fromWireName(String name) {
    return switch (name) {
      case "low" -> Optional.of(LOW);
      case "middle", "balanced" -> Optional.of(MIDDLE);
      case "high" -> Optional.of(HIGH);
      default -> Optional.empty();
    };
  }
}

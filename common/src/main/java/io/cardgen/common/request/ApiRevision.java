package io.cardgen.common.request;

/** Which revision of the public interface an account speaks (spec §9). */
public enum ApiRevision {
  CURRENT,
  LEGACY;

  public String wireName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  public static java.util.Optional<ApiRevision> fromWireName(String name) {
    return switch (name) {
      case "current" -> java.util.Optional.of(CURRENT);
      case "legacy" -> java.util.Optional.of(LEGACY);
      default -> java.util.Optional.empty();
    };
  }
}

package io.cardgen.gateway.admin;

import tools.jackson.databind.JsonNode;

/**
 * What an admin form's fields must be beyond their type. Spring's binding would truncate {@code
 * 2.7} credits to 2, and a name with U+0000 reached PostgreSQL, which cannot store it, and was
 * answered 503 as a fault of ours.
 */
final class AdminValues {

  private AdminValues() {}

  /** A whole number in {@code [min, max]}, or null when the value is anything else. */
  static Long whole(JsonNode value, long min, long max) {
    if (value == null || !value.isIntegralNumber() || !value.canConvertToLong()) {
      return null;
    }
    long number = value.longValue();
    return number >= min && number <= max ? number : null;
  }

  /** Whether a name holds a control character (U+0000 among them), which no name needs. */
  static boolean hasControl(String name) {
    return name.chars().anyMatch(Character::isISOControl);
  }
}

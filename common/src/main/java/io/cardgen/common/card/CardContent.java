package io.cardgen.common.card;

import java.util.List;

/**
 * The generated texts of a card. A block that was not generated is {@code null}: the spec allows
 * {@code null} or empty for blocks the plan lacks or the request switched off.
 */
public record CardContent(
    String description,
    List<String> features,
    String audience,
    List<String> headers,
    List<String> slogans) {

  public int descriptionLength() {
    return description.codePointCount(0, description.length());
  }
}

package io.cardgen.common.request;

import java.util.Arrays;
import java.util.Optional;

/** The five writing styles of spec §2.1, each with its Russian display name (spec §2.2). */
public enum Style {
  STANDARD("standard", "Стандартный"),
  PLAYFUL("playful", "Игривый"),
  MARKETING("marketing", "Маркетинговый"),
  FRIENDLY("friendly", "Дружелюбный"),
  STORYTELLING("storytelling", "Сторителлинг");

  private final String wireName;
  private final String russianName;

  Style(String wireName, String russianName) {
    this.wireName = wireName;
    this.russianName = russianName;
  }

  public String wireName() {
    return wireName;
  }

  public String russianName() {
    return russianName;
  }

  public static Optional<Style> fromWireName(String name) {
    return Arrays.stream(values()).filter(style -> style.wireName.equals(name)).findFirst();
  }
}

package io.cardgen.standalone.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import tools.jackson.databind.JsonNode;

/** The length promise over every length the service allows and inputs of every awkward kind. */
class SimulatorDescriptionLengthTest {

  static List<String> shortDescriptions() {
    return List.of(
        "Wireless headphones with active noise cancelling",
        "Беспроводные наушники с активным шумоподавлением",
        "Lamp",
        "Лампа",
        "",
        "Smartphone case 6.1 inch, black. Fits iPhone 15!",
        "Эко-сумка 40×35 см из хлопка; ручки длиной 60 см.",
        "A".repeat(120) + " extraordinarilylongwordwithoutanyspaces " + "b".repeat(200),
        "Кружка ☕ с котиком 🐱 — подарок на день рождения",
        "** bold ** claims *everywhere*\nand a second line\tand a tab",
        "x".repeat(500));
  }

  @ParameterizedTest
  @MethodSource("shortDescriptions")
  void staysBetweenNinetyAndHundredFivePercentOfEveryAllowedLength(String shortDescription) {
    for (int length = 200; length <= 3000; length += 7) {
      JsonNode card =
          Json.MAPPER.readTree(
              new CardWriter(shortDescription, length).write(CardShape.DESCRIPTION_ONLY));
      String description = card.path("description").stringValue();

      assertThat(description.codePointCount(0, description.length()))
          .as("length for %d", length)
          .isBetween(length * 90 / 100, length * 105 / 100);
      assertThat(description)
          .doesNotContain("**")
          .doesNotContain("\n")
          .isEqualTo(description.strip());
    }
  }
}

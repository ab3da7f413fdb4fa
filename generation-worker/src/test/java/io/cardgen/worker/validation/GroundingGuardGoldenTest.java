package io.cardgen.worker.validation;

import static io.cardgen.worker.fixtures.CardSpecBuilder.aCardSpec;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.worker.fixtures.CardSpecBuilder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The grounding guard measured on the golden set (docs/quality.md): on every product, a card that
 * restates each confirmed fact word for word must pass (a refusal is a false alarm), and a card
 * with each kind of claim the input does not give must be caught. Certifications carry no unit, so
 * the guard does not see them; the count of those misses is pinned so that a change shows.
 */
class GroundingGuardGoldenTest {

  private static final Path GOLDEN = Path.of("../evals/golden");

  private static final String CERTIFICATION = "ISO 9001 certified.";

  /** Claims of the kinds real models slip in: a volume, a weight, a power, a charge, a standard. */
  private static final List<String> INVENTED =
      List.of(
          "Объём 750 мл.",
          "Вес 1,2 кг.",
          "Мощность 1200 Вт.",
          "Аккумулятор 5000 мАч.",
          "Holds 750 ml.",
          "Weighs 1.2 kg.",
          CERTIFICATION);

  private final GroundingCheck guard = new GroundingCheck();

  @Test
  void passesEveryFaithfulGoldenCardAndCatchesEveryInventedFigure() throws IOException {
    List<String> falseAlarms = new ArrayList<>();
    List<String> missedFigures = new ArrayList<>();
    int caughtFigures = 0;
    int missedCertifications = 0;
    List<JsonNode> products = products();
    for (JsonNode product : products) {
      CardSpec spec = spec(product);
      String faithful = faithfulText(product);
      List<Violation> refused = guard.check(spec, card(faithful));
      if (!refused.isEmpty()) {
        falseAlarms.add(product.path("id").asString() + ": " + refused);
      }
      for (String claim : INVENTED) {
        if (stated(product, claim)) {
          continue;
        }
        boolean caught = !guard.check(spec, card(faithful + " " + claim)).isEmpty();
        if (claim.equals(CERTIFICATION)) {
          missedCertifications += caught ? 0 : 1;
        } else if (caught) {
          caughtFigures++;
        } else {
          missedFigures.add(product.path("id").asString() + ": " + claim);
        }
      }
    }
    assertThat(products).hasSizeGreaterThanOrEqualTo(60);
    assertThat(falseAlarms).as("correct figures refused").isEmpty();
    assertThat(missedFigures).as("invented figures let through").isEmpty();
    assertThat(caughtFigures).isGreaterThan(products.size() * (INVENTED.size() - 2));
    // a known blind spot, pinned so that closing it shows: a certification carries no unit
    assertThat(missedCertifications).isEqualTo(products.size());
  }

  /** The short description followed by every fact value, as a faithful model would restate them. */
  private static String faithfulText(JsonNode product) {
    JsonNode request = product.path("request");
    StringBuilder text = new StringBuilder(request.path("short_description").asString());
    for (Map.Entry<String, JsonNode> fact : request.path("product_facts").properties()) {
      text.append(". ").append(fact.getValue().asString());
    }
    return text.append('.').toString();
  }

  /** A claim the input happens to state is no invention (e.g. a product of 750 ml). */
  private static boolean stated(JsonNode product, String claim) {
    String number = claim.replaceAll("[^0-9,.]", "").replaceAll("[.,]$", "");
    return product.path("request").toString().contains(number);
  }

  private static CardSpec spec(JsonNode product) {
    JsonNode request = product.path("request");
    CardSpecBuilder spec =
        aCardSpec()
            .withShortDescription(request.path("short_description").asString())
            .withLength(request.path("length").asInt());
    request
        .path("product_facts")
        .properties()
        .forEach(f -> spec.withFact(f.getKey(), f.getValue().asString()));
    return spec.build();
  }

  private static CardContent card(String description) {
    return new CardContent(description, null, null, null, null);
  }

  private static List<JsonNode> products() throws IOException {
    JsonMapper json = JsonMapper.builder().build();
    try (Stream<Path> files = Files.list(GOLDEN)) {
      return files
          .filter(file -> file.toString().endsWith(".json"))
          .sorted()
          .map(file -> json.readTree(file.toFile()))
          .toList();
    }
  }
}

package io.cardgen.worker.validation;

import static io.cardgen.worker.fixtures.CardSpecBuilder.aCardSpec;
import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.worker.fixtures.CardSpecBuilder;
import io.cardgen.worker.validation.Violation.Rule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The grounding guard measured on the golden set (docs/quality.md): on every product, a card that
 * restates each confirmed fact word for word must pass (a refusal is a false alarm), and a card
 * with each kind of claim the input does not give must be caught. The counts are pinned, so that a
 * change to the guard or the golden set shows.
 */
class GroundingGuardGoldenTest {

  private static final Path GOLDEN = Path.of("../evals/golden");

  /**
   * A claim of a kind real models slip in, and what in the input would make it true (then it is no
   * invention on that product and is not tried there).
   */
  private record Claim(String text, Pattern givenBy, boolean certification) {

    static Claim figure(String text) {
      String number = text.replaceAll("[^0-9,.]", "").replaceAll("[.,]$", "");
      return new Claim(text, Pattern.compile(Pattern.quote(number)), false);
    }

    static Claim certification(String text, String givenBy) {
      return new Claim(text, Pattern.compile(givenBy), true);
    }
  }

  private static final List<Claim> INVENTED =
      List.of(
          Claim.figure("Объём 750 мл."),
          Claim.figure("Вес 1,2 кг."),
          Claim.figure("Мощность 1200 Вт."),
          Claim.figure("Аккумулятор 5000 мАч."),
          Claim.figure("Holds 750 ml."),
          Claim.figure("Weighs 1.2 kg."),
          Claim.certification("ISO 9001 certified.", "ISO 9001"),
          Claim.certification("Соответствует ГОСТ Р 51074-2003.", "ГОСТ Р 51074"),
          Claim.certification("Маркировка EAC.", "EAC"),
          Claim.certification("CE marked.", "\\bCE\\b"),
          Claim.certification("Сертифицирован по OEKO-TEX.", "OEKO-TEX"),
          // a certificate without a name: true of a product whose input names any certification
          Claim.certification(
              "Товар сертифицирован.",
              "(?i)сертифи|certifi|ГОСТ|ISO|EAC|\\bCE\\b|FDA|GOTS|OEKO|RoHS"));

  private final GroundingCheck guard = new GroundingCheck();

  @Test
  void passesEveryFaithfulGoldenCardAndCatchesEveryInventedClaim() throws IOException {
    List<String> falseAlarms = new ArrayList<>();
    List<String> missed = new ArrayList<>();
    int caughtFigures = 0;
    int caughtCertifications = 0;
    int notTried = 0;
    List<JsonNode> products = products();
    for (JsonNode product : products) {
      CardSpec spec = spec(product);
      String faithful = faithfulText(product);
      List<Violation> refused = guard.check(spec, card(faithful));
      if (!refused.isEmpty()) {
        falseAlarms.add(product.path("id").asString() + ": " + refused);
      }
      for (Claim claim : INVENTED) {
        if (claim.givenBy().matcher(input(product)).find()) {
          notTried++;
          continue;
        }
        List<Violation> caught = guard.check(spec, card(faithful + " " + claim.text()));
        if (caught.isEmpty()) {
          missed.add(product.path("id").asString() + ": " + claim.text());
        } else if (claim.certification()) {
          assertThat(caught).extracting(Violation::rule).contains(Rule.UNGROUNDED_CERTIFICATION);
          caughtCertifications++;
        } else {
          caughtFigures++;
        }
      }
    }
    assertThat(products).hasSize(66);
    assertThat(falseAlarms).as("correct claims refused").isEmpty();
    assertThat(missed).as("invented claims let through").isEmpty();
    // 66 products × 6 claims of each kind, less the ones their input states: the 750 ml bottle's
    // volume (twice), and the EAC of the power bank and the construction set, the CE of the hub,
    // the OEKO-TEX of the pyjamas and "сертифицирован" on the seven products naming a certification
    assertThat(notTried).isEqualTo(2 + 11);
    assertThat(caughtFigures).isEqualTo(66 * 6 - 2);
    assertThat(caughtCertifications).isEqualTo(66 * 6 - 11);
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

  /** What the seller said: the short description and the facts, keywords left out. */
  private static String input(JsonNode product) {
    return faithfulText(product);
  }

  private static int notTriedFigures(List<JsonNode> products) {
    int count = 0;
    for (JsonNode product : products) {
      for (Claim claim : INVENTED) {
        if (!claim.certification() && claim.givenBy().matcher(input(product)).find()) {
          count++;
        }
      }
    }
    return count;
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

package io.cardgen.evals;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/** The eval's own reading of a card: spelling and number formats that must not change a score. */
class CardScorerTest {

  private final GoldenProduct mug = Golden.product("ru-home-01"); // facts кружк, керами[кч]; 350 мл
  private final GoldenProduct dress = Golden.product("ru-apparel-03"); // must_not шёлк

  @Test
  void readsTheAdjectiveOfAMaterialAsTheMaterial() {
    assertThat(score(mug, "Керамическая кружка ручной работы.").factCoverage()).isEqualTo(1.0);
    assertThat(score(mug, "Кружка ручной работы.").factCoverage()).isEqualTo(0.5);
  }

  @Test
  void foldsYoIntoYeOnBothSidesOfAForbiddenClaim() {
    assertThat(score(dress, "Платье из шёлка.").mustNotHits()).containsExactly("шёлк");
    assertThat(score(dress, "Платье из шелка.").mustNotHits()).containsExactly("шёлк");
    assertThat(score(dress, "Платье из льна.").mustNotHits()).isEmpty();
  }

  @Test
  void readsAForbiddenWordOnlyAsAWord() {
    GoldenProduct jeans = Golden.product("ru-apparel-07"); // must_not лён
    String linen = "(?<!\\p{L})(?:л[её]н(?!\\p{L})|льн)";
    assertThat(score(jeans, "Джинсы изготовлены из хлопка, зелёные, идеален.").mustNotHits())
        .isEmpty();
    assertThat(score(jeans, "Джинсы из хлопка и льна.").mustNotHits()).containsExactly(linen);
    assertThat(score(jeans, "Лён и хлопок.").mustNotHits()).containsExactly(linen);
    GoldenProduct hub = Golden.product("en-electronics-05"); // must_not ISO
    assertThat(score(hub, "An isolated, enhanced USB hub.").mustNotHits()).isEmpty();
    assertThat(score(hub, "An ISO 9001 hub.").mustNotHits()).hasSize(1);
  }

  @Test
  void readsSpacedThousandsAsOneNumber() {
    GoldenProduct bank = Golden.product("ru-electronics-02"); // 10000 мАч
    assertThat(score(bank, "Ёмкость 10 000 мАч, 10\u00a0000 мАч.").inventedNumbers()).isEmpty();
    assertThat(score(bank, "Ёмкость 10\u2009000 мАч, 10\u202f000 мАч.").inventedNumbers())
        .isEmpty();
    assertThat(score(bank, "Ёмкость 20 000 мАч.").inventedNumbers()).containsExactly("20 000");
    assertThat(score(mug, "Кружка 350 мл, 2 шт.").inventedNumbers()).containsExactly("2");
  }

  @Test
  void findsTheSheaButterButNotTheSyllable() {
    GoldenProduct cream = Golden.product("ru-beauty-01"); // facts крем, ши
    assertThat(score(cream, "Крем с маслом ши.").factCoverage()).isEqualTo(1.0);
    assertThat(score(cream, "Крем для нежной кожи, широкий выбор.").factCoverage()).isEqualTo(0.5);
  }

  /** A Russian card with English slogans is not in the product's language, whatever its length. */
  @Test
  void judgesTheLanguageOfEveryBlockNotOnlyOfTheWholeCard() {
    ObjectNode card = Json.MAPPER.createObjectNode().put("description", "Кружка. ".repeat(40));
    card.putArray("headers").add("Совместимость с iPhone, iPad и MacBook");
    assertThat(score(mug, card).languageMatch()).isTrue();

    card.putArray("slogans").add("Premium Quality").add("Sound without limits");
    assertThat(score(mug, card).languageMatch()).isFalse();

    card.putArray("slogans").add("Aroma Master Pro");
    assertThat(score(mug, card).languageMatch()).as("a block too short to tell").isTrue();
  }

  private static CardScore score(GoldenProduct product, String description) {
    return score(product, Json.MAPPER.createObjectNode().put("description", description));
  }

  private static CardScore score(GoldenProduct product, JsonNode card) {
    return CardScorer.score(new CardRun(product, 200, null, null, card, 10, 1));
  }
}

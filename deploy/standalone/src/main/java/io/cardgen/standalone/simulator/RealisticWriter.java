package io.cardgen.standalone.simulator;

import io.cardgen.standalone.simulator.CardShape.Block;
import io.cardgen.standalone.simulator.CardShape.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Writes a card the way a real model answers the worker's prompt, for the {@code realistic}
 * profile: the length drifts around the asked one, and with the profile's rates the answer adds
 * {@code **}, miscounts a list, states a figure no input gives or switches language. A repair round
 * is answered well, as real models mostly do once told the exact problem, with only a small length
 * drift left; its language is the one the repair asks for, and without such an instruction the one
 * of the answer being repaired, as a model told to keep what was right does. A wrong-language
 * answer is therefore fixed only when the worker names the language to write in.
 *
 * <p>All random draws happen up front in a fixed order, seeded by the profile's seed and the
 * request, so the same request always gets the same answer and changing one rate does not reshuffle
 * the others.
 */
final class RealisticWriter {

  private static final double MIN_FACTOR = 0.3;
  private static final double MAX_FACTOR = 2.0;
  private static final int REPAIR_SIGMA_DIVISOR = 4;
  private static final Pattern WORD = Pattern.compile("\\p{L}{5,}");

  /** Claims a model slips in; the last of each is a certification without a unit. */
  private static final List<String> RUSSIAN_CLAIMS =
      List.of(
          "Объём 750 мл. ",
          "Вес 1,2 кг. ",
          "Мощность 1200 Вт. ",
          "Аккумулятор на 5000 мАч. ",
          "Сертифицирован по ISO 9001. ");

  private static final List<String> ENGLISH_CLAIMS =
      List.of(
          "Holds 750 ml. ",
          "Weighs 1.2 kg. ",
          "Rated at 1200 W. ",
          "Battery of 5000 mAh. ",
          "ISO 9001 certified. ");

  private final SimulatorProfile profile;

  RealisticWriter(SimulatorProfile profile) {
    this.profile = profile;
  }

  String write(ChatRequest request, ProductBrief brief) {
    Draws draws = Draws.of(new Random(seedOf(request)));
    int target = brief.targetLength();
    Language language = Language.of(brief.shortDescription());
    if (request.followUp()) {
      double factor = 1 + profile.lengthSigma() / REPAIR_SIGMA_DIVISOR * draws.gaussian();
      Language repaired =
          request.askedLanguage().or(() -> languageOf(request.previousAnswer())).orElse(language);
      return new CardWriter(brief.shortDescription(), repaired, scaled(target, factor))
          .write(request.shape());
    }
    double factor = profile.meanLengthFactor(target) + profile.lengthSigma() * draws.gaussian();
    if (draws.language() < profile.wrongLanguageRate()) {
      language = language == Language.RUSSIAN ? Language.ENGLISH : Language.RUSSIAN;
    }
    CardShape shape =
        draws.listCount() < profile.listCountRate()
            ? miscounted(request.shape(), draws.pick())
            : request.shape();
    List<String> claims = language == Language.RUSSIAN ? RUSSIAN_CLAIMS : ENGLISH_CLAIMS;
    String claim =
        draws.invent() < profile.inventRate() ? claims.get(draws.pick() % claims.size()) : "";
    int length = Math.max(1, scaled(target, factor) - CodePoints.length(claim));
    ObjectNode card =
        (ObjectNode)
            Json.MAPPER.readTree(
                new CardWriter(brief.shortDescription(), language, length).write(shape));
    if (card.has("description")) {
      card.put("description", claim + card.path("description").asString(""));
    }
    if (draws.bold() < profile.boldRate()) {
      emphasise(card, draws.pick());
    }
    return Json.MAPPER.writeValueAsString(card);
  }

  /** The language of an answer's texts, JSON keys left out; empty when it has no letters. */
  private static Optional<Language> languageOf(String answer) {
    StringBuilder texts = new StringBuilder();
    try {
      collect(Json.MAPPER.readTree(answer), texts);
    } catch (JacksonException notJson) {
      texts.append(answer);
    }
    return Language.mostlyOf(texts.toString());
  }

  private static void collect(JsonNode node, StringBuilder texts) {
    if (node.isString()) {
      texts.append(node.stringValue()).append('\n');
    }
    node.values().forEach(value -> collect(value, texts));
  }

  /** The profile's seed mixed with everything the answer depends on, stable across JVMs. */
  private long seedOf(ChatRequest request) {
    long content = 31L * request.userText().hashCode() + request.shape().toString().hashCode();
    return profile.seed() * 0x9E3779B97F4A7C15L ^ (content << 1 | (request.followUp() ? 1 : 0));
  }

  private static int scaled(int target, double factor) {
    return (int) Math.round(target * Math.max(MIN_FACTOR, Math.min(MAX_FACTOR, factor)));
  }

  /** One list one item longer, or shorter when it has more than one; no list, no change. */
  private static CardShape miscounted(CardShape shape, int pick) {
    List<Integer> lists = new ArrayList<>();
    for (int i = 0; i < shape.blocks().size(); i++) {
      if (shape.blocks().get(i).kind() == Kind.LIST) {
        lists.add(i);
      }
    }
    if (lists.isEmpty()) {
      return shape;
    }
    int index = lists.get(pick % lists.size());
    Block block = shape.blocks().get(index);
    boolean extra = pick % 5 < 3 || block.items() == 1;
    List<Block> blocks = new ArrayList<>(shape.blocks());
    blocks.set(index, new Block(block.name(), block.kind(), block.items() + (extra ? 1 : -1)));
    return new CardShape(List.copyOf(blocks));
  }

  /** Bold on one word of the description, or of the first feature when the pick says so. */
  private static void emphasise(ObjectNode card, int pick) {
    ArrayNode features = card.path("features").isArray() ? (ArrayNode) card.get("features") : null;
    if (pick % 3 == 0 && features != null && !features.isEmpty()) {
      features.set(0, bold(features.get(0).asString(""), pick));
    } else if (card.has("description")) {
      card.put("description", bold(card.path("description").asString(""), pick));
    }
  }

  private static String bold(String text, int pick) {
    List<int[]> words = new ArrayList<>();
    Matcher word = WORD.matcher(text);
    while (word.find()) {
      words.add(new int[] {word.start(), word.end()});
    }
    if (words.isEmpty()) {
      return text;
    }
    int[] chosen = words.get(pick % words.size());
    return text.substring(0, chosen[0])
        + "**"
        + text.substring(chosen[0], chosen[1])
        + "**"
        + text.substring(chosen[1]);
  }

  /** The random numbers of one answer, drawn in a fixed order. */
  private record Draws(
      double gaussian, double language, double listCount, double invent, double bold, int pick) {

    static Draws of(Random random) {
      return new Draws(
          random.nextGaussian(),
          random.nextDouble(),
          random.nextDouble(),
          random.nextDouble(),
          random.nextDouble(),
          random.nextInt(Integer.MAX_VALUE));
    }
  }
}

package io.cardgen.standalone.simulator;

import static io.cardgen.standalone.simulator.CardRequestBuilder.aCardRequest;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/** The realistic profile: misbehaves like a real model, and always the same way for one seed. */
class RealisticProfileTest {

  private static final InstantSource CLOCK = InstantSource.fixed(Instant.EPOCH);

  @Test
  void answersTheSameRequestIdenticallyUnderTheSameSeed() {
    SimulatedModel one = new SimulatedModel(CLOCK, SimulatorProfile.realistic(7));
    SimulatedModel other = new SimulatedModel(CLOCK, SimulatorProfile.realistic(7));
    for (CardRequestBuilder request : products(40)) {
      // asked twice of one model too: no state may leak from one answer into the next
      String first = content(one, request);
      assertThat(content(one, request)).isEqualTo(first);
      assertThat(content(other, request)).isEqualTo(first);
    }
  }

  @Test
  void answersDifferentlyUnderAnotherSeed() {
    SimulatedModel seven = new SimulatedModel(CLOCK, SimulatorProfile.realistic(7));
    SimulatedModel eight = new SimulatedModel(CLOCK, SimulatorProfile.realistic(8));
    long differing =
        products(40).stream()
            .filter(request -> !content(seven, request).equals(content(eight, request)))
            .count();
    assertThat(differing).isGreaterThan(30);
  }

  @Test
  void driftsLengthsAroundTheTargetAndShortensLongOnes() {
    SimulatedModel model = new SimulatedModel(CLOCK, lengthOnly(0.20, 0.12));
    List<Double> ratios = ratios(model, 300);
    double mean = mean(ratios);
    double sigma = Math.sqrt(ratios.stream().mapToDouble(r -> (r - mean) * (r - mean)).sum() / 400);
    assertThat(mean).isBetween(0.93, 1.03);
    assertThat(sigma).isBetween(0.15, 0.25);
    assertThat(mean(ratios(model, 1500))).isBetween(0.83, 0.92);
  }

  @Test
  void writesExactlyAsAskedWhenEveryRateIsZero() {
    SimulatedModel realistic = new SimulatedModel(CLOCK, lengthOnly(0, 0));
    SimulatedModel exact = new SimulatedModel(CLOCK, SimulatorProfile.exact());
    for (CardRequestBuilder request : products(20)) {
      assertThat(content(realistic, request)).isEqualTo(content(exact, request));
    }
  }

  @Test
  void makesEveryMistakeWhenEveryRateIsOne() {
    SimulatedModel model =
        new SimulatedModel(CLOCK, new SimulatorProfile(true, 3, 0, 0, 1, 1, 1, 1));
    for (CardRequestBuilder request : products(20)) {
      JsonNode card = card(model, request);
      String all = card.toString();
      assertThat(all).contains("**");
      assertThat(all).containsAnyOf("750", "1,2", "1.2", "1200", "5000", "ISO 9001");
      int lists = card.path("features").size() + card.path("headers").size();
      assertThat(lists).isIn(7, 9);
      // the requests are in English, so the answers are Russian
      assertThat(card.path("description").asString()).containsPattern("[а-яё]{5}");
    }
  }

  @Test
  void answersARepairRoundWithoutTheFirstRoundsMistakes() {
    SimulatedModel model =
        new SimulatedModel(CLOCK, new SimulatorProfile(true, 3, 0.2, 0, 1, 1, 1, 1));
    for (CardRequestBuilder request : products(20)) {
      JsonNode card = card(model, request.asRepairOf("{}"));
      assertThat(card.toString()).doesNotContain("**").doesNotContainPattern("[а-яё]");
      assertThat(card.path("features").size()).isEqualTo(5);
      assertThat(card.path("headers").size()).isEqualTo(3);
    }
  }

  @Test
  void keepsTheLanguageOfTheAnswerItRepairsUnlessTheRepairNamesOne() {
    SimulatedModel model =
        new SimulatedModel(CLOCK, new SimulatorProfile(true, 3, 0, 0, 0, 0, 0, 1));
    String first = content(model, mug());
    assertThat(first).as("the request is English").containsPattern("[а-яё]{5}");

    String kept = content(model, mug().asRepairOf(first, "- description is too long"));
    String told =
        content(
            model,
            mug().asRepairOf(first, "- the texts are in Russian; write every text in English"));

    assertThat(kept).containsPattern("[а-яё]{5}");
    assertThat(told).doesNotContainPattern("[а-яё]");
  }

  @Test
  void writesTheLanguageARepairNamesInTheExactProfileToo() {
    SimulatedModel exact = new SimulatedModel(CLOCK, SimulatorProfile.exact());

    String told =
        content(exact, mug().asRepairOf("{}", "- wrong language; write every text in Russian"));

    assertThat(Json.MAPPER.readTree(told).path("description").asString())
        .containsPattern("[а-яё]{5}");
    assertThat(content(exact, mug().asRepairOf("{}"))).doesNotContainPattern("[а-яё]");
  }

  private static CardRequestBuilder mug() {
    return aCardRequest().withShortDescription("Ceramic mug with a glossy glaze").withFeatures(3);
  }

  @Test
  void readsTheProfileFromTheEnvironment() {
    assertThat(SimulatorProfile.fromEnvironment(Map.of())).isEqualTo(SimulatorProfile.exact());
    SimulatorProfile profile =
        SimulatorProfile.fromEnvironment(
            Map.of(
                "CARDGEN_SIMULATOR_PROFILE", "realistic",
                "CARDGEN_SIMULATOR_SEED", "42",
                "CARDGEN_SIMULATOR_BOLD_RATE", "0.5"));
    assertThat(profile)
        .isEqualTo(
            new SimulatorProfile(
                true,
                42,
                0.20,
                0.12,
                0.5,
                SimulatorProfile.realistic(0).listCountRate(),
                SimulatorProfile.realistic(0).inventRate(),
                SimulatorProfile.realistic(0).wrongLanguageRate()));
    assertThatThrownBy(
            () -> SimulatorProfile.fromEnvironment(Map.of("CARDGEN_SIMULATOR_PROFILE", "chaos")))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(
            () ->
                SimulatorProfile.fromEnvironment(
                    Map.of(
                        "CARDGEN_SIMULATOR_PROFILE", "realistic",
                        "CARDGEN_SIMULATOR_INVENT_RATE", "1.5")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  private static SimulatorProfile lengthOnly(double sigma, double bias) {
    return new SimulatorProfile(true, 11, sigma, bias, 0, 0, 0, 0);
  }

  private static List<CardRequestBuilder> products(int count) {
    return IntStream.range(0, count)
        .mapToObj(
            i ->
                aCardRequest()
                    .withShortDescription("Ceramic mug number " + i + " with a glossy glaze")
                    .withFeatures(5)
                    .withHeaders(3))
        .toList();
  }

  private static List<Double> ratios(SimulatedModel model, int length) {
    List<Double> ratios = new ArrayList<>();
    for (int i = 0; i < 400; i++) {
      CardRequestBuilder request =
          aCardRequest().withShortDescription("Linen tablecloth model " + i).withLength(length);
      String description = card(model, request).path("description").asString();
      ratios.add(description.codePointCount(0, description.length()) / (double) length);
    }
    return ratios;
  }

  private static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
  }

  private static JsonNode card(SimulatedModel model, CardRequestBuilder request) {
    return Json.MAPPER.readTree(content(model, request));
  }

  private static String content(SimulatedModel model, CardRequestBuilder request) {
    Answer answer = model.answer(ChatRequest.read(Json.MAPPER.readTree(request.json())));
    return answer.body().path("choices").path(0).path("message").path("content").asString();
  }
}

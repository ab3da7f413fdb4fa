package io.cardgen.worker.llm;

import static io.cardgen.worker.fixtures.CardSpecBuilder.aCardSpec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.message.ImageContent.DetailLevel;
import io.cardgen.common.request.Creativity;
import io.cardgen.common.request.Style;
import io.cardgen.worker.validation.Violation;
import io.cardgen.worker.validation.Violation.Rule;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class CardPromptTest {

  private final PromptLibrary library = PromptLibrary.load("v2");
  private final CardPrompt prompt = new CardPrompt(library, DetailLevel.LOW);

  @ParameterizedTest
  @EnumSource(Style.class)
  void givesEveryStyleItsOwnGuidance(Style style) {
    String text = prompt.userText(aCardSpec().withStyle(style).build(), 1);

    assertThat(text).contains("Style: " + style.wireName(), library.styleGuidance(style));
  }

  @Test
  void statesTheRulesOfSpecSection1InTheSystemPrompt() {
    assertThat(library.system())
        .contains(
            "in the language of the short description",
            "Product facts are confirmed by the seller",
            "follow the product fact",
            "clearly visible detail of a photo outweighs the text",
            "leave the disputed property out of every block",
            "A keyword never confirms a property",
            "Keep brand and model names exactly as the input writes them",
            "Every figure with a unit",
            "no ** or __ emphasis");
  }

  @Test
  void listsEveryViolationInTheRepairMessageWithTheLengthRange() {
    RepairRound repair = new RepairRound(library);

    String text =
        repair.text(
            aCardSpec().withLength(1000).build(),
            List.of(
                new Violation(Rule.DESCRIPTION_LENGTH, "description has 12 characters"),
                new Violation(Rule.NOT_A_CARD, "broken\nJSON")),
            null);

    assertThat(text.lines())
        .contains(
            "- description has 12 characters",
            "- broken JSON",
            "Write the whole card again as the JSON object of the response schema. Fix every"
                + " problem listed above and keep everything that was right: the same language,"
                + " style, blocks and facts. The description must have between 800 and 1150"
                + " characters, spaces included; aim at 1000. Use only figures with units that the"
                + " product facts or the short description state, and leave out any other.");
  }

  /** Cards keep the version that wrote them; an operator may switch back to v1 at any time. */
  @ParameterizedTest
  @ValueSource(strings = {"v1", "v2"})
  void keepsEveryReleasedPromptVersionLoadable(String version) {
    PromptLibrary loaded = PromptLibrary.load(version);

    assertThat(loaded.version()).isEqualTo(version);
    String text =
        new CardPrompt(loaded, DetailLevel.LOW).userText(aCardSpec().withFeatures(3).build(), 1);
    assertThat(text)
        .contains("Short description: ", "Target description length: 300 characters")
        .contains("exactly 3 items");
    assertThat(
            loaded
                .repair()
                .render(
                    Map.of("violations", "-", "length", "1", "min_length", "1", "max_length", "1")))
        .isNotBlank();
  }

  @Test
  void keepsTheSamplingOfTheFirstReleaseInV1AndTrimsTheTailAtHighCreativityInV2() {
    PromptLibrary v1 = PromptLibrary.load("v1");

    assertThat(v1.sampling(Creativity.LOW)).isEqualTo(new Sampling(0.2, null));
    assertThat(v1.sampling(Creativity.HIGH)).isEqualTo(new Sampling(1.0, null));
    assertThat(library.sampling(Creativity.HIGH)).isEqualTo(new Sampling(1.0, 0.9));
    assertThat(library.sampling(null)).isEqualTo(library.sampling(Creativity.MIDDLE));
  }

  @Test
  void saysNoneForMissingFactsAndKeywords() {
    String text = prompt.userText(aCardSpec().build(), 1);

    assertThat(text)
        .contains("they win over the short description when the two disagree):\n- none")
        .contains("never confirm a product property):\n- none");
  }

  @Test
  void insertsUserTextWithoutExpandingPlaceholdersInIt() {
    PromptTemplate template = new PromptTemplate("t", "a {x} b", Set.of("x"));

    assertThat(template.render(Map.of("x", "{x} $1 \\"))).isEqualTo("a {x} $1 \\ b");
  }

  @Test
  void rejectsTemplatesWithUnknownPlaceholders() {
    assertThatThrownBy(() -> new PromptTemplate("t", "{typo}", Set.of("x")))
        .hasMessageContaining("typo");
  }

  @Test
  void flattensLineBreaksInUserText() {
    assertThat(CardPrompt.oneLine("  one\r\n  two\nthree \u2028four "))
        .isEqualTo("one two three four");
  }
}

package io.cardgen.worker.llm;

import static io.cardgen.worker.fixtures.CardSpecBuilder.aCardSpec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.data.message.ImageContent.DetailLevel;
import io.cardgen.common.request.Style;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class CardPromptTest {

  private final PromptLibrary library = PromptLibrary.load("v1");
  private final CardPrompt prompt = new CardPrompt(library, DetailLevel.LOW);

  @ParameterizedTest
  @EnumSource(Style.class)
  void givesEveryStyleItsOwnGuidance(Style style) {
    String text = prompt.userText(aCardSpec().withStyle(style).build(), 1);

    assertThat(text).contains("Style: " + style.wireName(), library.styleGuidance(style));
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

package io.cardgen.worker.llm;

import static io.cardgen.worker.fixtures.CardSpecBuilder.aCardSpec;
import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.ImageContent.DetailLevel;
import io.cardgen.worker.validation.Violation;
import io.cardgen.worker.validation.Violation.Rule;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The v3 length strategy: an aim inside the window, in characters, words and sentences. */
class LengthTargetTest {

  private final PromptLibrary v3 = PromptLibrary.load("v3");

  @Test
  void aimsAboveTheMiddleOfTheWindowAndHigherForLongTexts() {
    assertThat(LengthTarget.of(300, "mug").aim()).isEqualTo(324);
    assertThat(LengthTarget.of(1500, "mug").aim()).isEqualTo(1680);
    for (int length = 200; length <= 3000; length += 50) {
      int aim = LengthTarget.of(length, "кружка").aim();
      assertThat(aim).isBetween(length, length * 115 / 100);
    }
  }

  @Test
  void statesTheAimInWordsAndSentencesByLanguage() {
    LengthTarget russian = LengthTarget.of(1000, "Кружка керамическая");
    LengthTarget english = LengthTarget.of(1000, "Ceramic mug");

    assertThat(russian.words()).isEqualTo(153);
    assertThat(english.words()).isEqualTo(187);
    assertThat(russian.sentences()).isEqualTo(13);
  }

  @Test
  void asksTheV3PromptForTheAimInsideTheWindow() {
    String text =
        new CardPrompt(v3, DetailLevel.LOW)
            .userText(aCardSpec().withLength(300).withShortDescription("Ceramic mug").build(), 1);

    assertThat(text)
        .contains("Target description length: 324 characters (about 54 words in 4 sentences)")
        .contains("between 240 and 345 characters, spaces included; write whole sentences only")
        .contains("aiming at 324 (about 54 words in 4 sentences)");
  }

  @Test
  void tellsTheRepairTheExactChangeTheDescriptionNeeds() {
    RepairRound repair = new RepairRound(v3);
    List<Violation> tooShort =
        List.of(new Violation(Rule.DESCRIPTION_LENGTH, "description has 200 characters"));

    String shortText = repair.text(aCardSpec().withLength(300).build(), tooShort, "x".repeat(200));
    String longText = repair.text(aCardSpec().withLength(300).build(), tooShort, "x".repeat(400));
    String fine = repair.text(aCardSpec().withLength(300).build(), tooShort, "x".repeat(300));

    assertThat(shortText)
        .contains("Your description has 200 characters: add about 124 (about 21 words)")
        .contains("not filler");
    assertThat(longText)
        .contains("Your description has 400 characters: remove about 76 (about 13 words)")
        .contains("whole sentences");
    assertThat(fine).doesNotContain("Your description has");
  }
}

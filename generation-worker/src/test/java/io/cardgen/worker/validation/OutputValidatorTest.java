package io.cardgen.worker.validation;

import static io.cardgen.worker.fixtures.CardSpecBuilder.aCardSpec;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.worker.validation.Violation.Rule;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OutputValidatorTest {

  private final OutputValidator validator = new OutputValidator();

  private static final CardSpec LENGTH_1000 = aCardSpec().withLength(1000).build();

  @ParameterizedTest(name = "{0} characters of 1000 → accepted: {1}")
  @CsvSource({"799, false", "800, true", "1000, true", "1150, true", "1151, false"})
  void acceptsDescriptionsFrom80To115PercentInclusive(int length, boolean accepted) {
    List<Violation> violations = validator.validate(LENGTH_1000, description("a".repeat(length)));

    assertThat(violations.isEmpty()).isEqualTo(accepted);
    if (!accepted) {
      assertThat(rules(violations)).containsExactly(Rule.DESCRIPTION_LENGTH);
    }
  }

  @Test
  void roundsTheLowerBoundUpAndTheUpperBoundDown() {
    assertThat(OutputValidator.minLength(333)).isEqualTo(267); // 80% = 266.4
    assertThat(OutputValidator.maxLength(333)).isEqualTo(382); // 115% = 382.95
    assertThat(OutputValidator.minLength(300)).isEqualTo(240);
    assertThat(OutputValidator.maxLength(300)).isEqualTo(345);
  }

  @Test
  void countsCodePointsWithSpacesNotUtf16Units() {
    String emoji = "\uD83D\uDC57"; // one code point, two chars
    String text = (emoji + " ").repeat(400); // 800 code points, 1200 chars

    assertThat(validator.validate(LENGTH_1000, description(text))).isEmpty();
  }

  @Test
  void rejectsBoldMarkersInAnyText() {
    CardSpec spec = aCardSpec().withFeatures(2).withAudience().withSlogans(1).build();
    CardContent content =
        new CardContent(
            "**Great** " + "a".repeat(290),
            List.of("ok", "also **bold**"),
            "for **everyone**",
            null,
            List.of("fine"));

    assertThat(validator.validate(spec, content))
        .extracting(Violation::rule, Violation::detail)
        .containsExactly(
            tuple(Rule.MARKDOWN_BOLD, "description contains **"),
            tuple(Rule.MARKDOWN_BOLD, "features[1] contains **"),
            tuple(Rule.MARKDOWN_BOLD, "audience contains **"));
  }

  @Test
  void rejectsControlCharactersButNotLineBreaksOrTabs() {
    CardSpec spec = aCardSpec().withFeatures(2).withAudience().build();
    CardContent content =
        new CardContent(
            "Mug\u0000 " + "a".repeat(290),
            List.of("Sturdy\tand light", "Rings\u0007"),
            "For home\nand office",
            null,
            null);

    assertThat(validator.validate(spec, content))
        .extracting(Violation::rule, Violation::detail)
        .containsExactly(
            tuple(Rule.CONTROL_CHARACTERS, "description contains control characters"),
            tuple(Rule.CONTROL_CHARACTERS, "features[1] contains control characters"));
  }

  @Test
  void acceptsASingleAsterisk() {
    assertThat(validator.validate(aCardSpec().build(), description("5* " + "a".repeat(297))))
        .isEmpty();
  }

  @Test
  void rejectsListsWithMoreOrFewerItemsThanThePlanSets() {
    CardSpec spec = aCardSpec().withFeatures(3).withHeaders(2).build();
    CardContent content =
        new CardContent(valid(), List.of("a", "b"), null, List.of("x", "y", "z"), null);

    assertThat(validator.validate(spec, content))
        .extracting(Violation::detail)
        .containsExactly(
            "features has 2 items; exactly 3 are required",
            "headers has 3 items; exactly 2 are required");
  }

  @Test
  void rejectsBlankAndMultilineItems() {
    CardSpec spec = aCardSpec().withSlogans(3).build();
    CardContent content =
        new CardContent(valid(), null, null, null, List.of("  ", "one\ntwo", "fine\n"));

    assertThat(validator.validate(spec, content))
        .extracting(Violation::rule, Violation::detail)
        .containsExactly(
            tuple(Rule.BLANK_TEXT, "slogans[0] is empty"),
            tuple(Rule.MULTILINE_ITEM, "slogans[1] spans several lines"));
  }

  @Test
  void rejectsABlankAudience() {
    CardSpec spec = aCardSpec().withAudience().build();

    assertThat(rules(validator.validate(spec, new CardContent(valid(), null, " ", null, null))))
        .containsExactly(Rule.BLANK_TEXT);
  }

  @Test
  void rejectsMissingRequestedBlocks() {
    CardSpec spec =
        aCardSpec().withFeatures(1).withAudience().withHeaders(1).withSlogans(1).build();

    assertThat(validator.validate(spec, new CardContent(null, null, null, null, null)))
        .extracting(Violation::detail)
        .containsExactly(
            "description is missing",
            "features is missing",
            "audience is missing",
            "headers is missing",
            "slogans is missing");
  }

  @Test
  void rejectsBlocksThatWereNotRequestedEvenWhenEmpty() {
    CardContent content = new CardContent(valid(), List.of(), "someone", List.of("h"), null);

    assertThat(validator.validate(aCardSpec().build(), content))
        .extracting(Violation::rule, Violation::detail)
        .containsExactly(
            tuple(Rule.UNREQUESTED_BLOCK, "features was not requested"),
            tuple(Rule.UNREQUESTED_BLOCK, "audience was not requested"),
            tuple(Rule.UNREQUESTED_BLOCK, "headers was not requested"));
  }

  @Test
  void acceptsACompleteCard() {
    CardSpec spec =
        aCardSpec().withFeatures(2).withAudience().withHeaders(1).withSlogans(2).build();
    CardContent content =
        new CardContent(
            valid(),
            List.of("Cotton", "Midi length"),
            "Women who",
            List.of("H"),
            List.of("A", "B"));

    assertThat(validator.validate(spec, content)).isEmpty();
  }

  private static String valid() {
    return "a".repeat(300);
  }

  private static CardContent description(String text) {
    return new CardContent(text, null, null, null, null);
  }

  private static List<Rule> rules(List<Violation> violations) {
    return violations.stream().map(Violation::rule).toList();
  }
}

package io.cardgen.worker.validation;

/**
 * One way a generated card breaks the output rules of spec §8 or the grounding rule of §1. The
 * detail is plain English meant for logs and, in a repair round, for telling the model what to fix;
 * it never reaches the API client, which only sees {@code generation_invalid_response}.
 */
public record Violation(Rule rule, String detail) {

  public enum Rule {
    /** The description is outside 80%–115% of the requested length. */
    DESCRIPTION_LENGTH,
    /** A text contains the {@code **} emphasis marker. */
    MARKDOWN_BOLD,
    /**
     * A text contains a control character other than a line break or a tab ({@link
     * ControlCharacters}).
     */
    CONTROL_CHARACTERS,
    /** A requested list has more or fewer items than the plan's count. */
    ITEM_COUNT,
    /** A text shows nothing: empty, or spaces of any kind ({@link VisibleText}). */
    BLANK_TEXT,
    /** A list item spans several lines, so it would count as several lines of the block. */
    MULTILINE_ITEM,
    /** A requested block is absent. */
    MISSING_BLOCK,
    /** A block is present that was not requested. */
    UNREQUESTED_BLOCK,
    /** The answer is not the JSON object of the card schema (broken JSON, unknown key, …). */
    NOT_A_CARD,
    /**
     * The answer is the card's JSON wrapped in a markdown code block, as models write it when no
     * response format holds them to bare JSON; read from inside the block, so fixed locally.
     */
    CODE_FENCE,
    /** A number with a unit that neither the product facts nor the short description state. */
    UNGROUNDED_FIGURE,
    /**
     * A certification or standard that neither the product facts nor the short description name.
     */
    UNGROUNDED_CERTIFICATION,
    /** The texts are not in the language of the input ({@link CardLanguage}). */
    WRONG_LANGUAGE
  }
}

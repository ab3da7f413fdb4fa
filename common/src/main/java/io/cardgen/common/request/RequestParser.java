package io.cardgen.common.request;

import io.cardgen.common.error.Messages;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import tools.jackson.databind.JsonNode;

/**
 * Turns a JSON body into a {@link GenerationRequest} by the field rules of spec §2.1 and §8 that do
 * not depend on the plan.
 *
 * <p>Validation stops at the first broken rule and reports it alone, as a Russian message naming
 * the field and the rule; only several missing required fields are named together. Fields are
 * checked in the order of the spec's table (image_url, short_description, style, product_facts,
 * length, headers, slogans, creativity, keywords, features, audience, request_id), so the same body
 * always gets the same message.
 *
 * <p>{@code null} is accepted only where the spec says "or null" (headers, slogans, creativity);
 * for every other field an explicit {@code null} breaks the field's type rule. Unknown top-level
 * fields are ignored, so that clients of a later revision keep working, within a small cap on their
 * number and size ({@link UnknownFields}), checked before the field rules.
 */
public final class RequestParser {

  /** The fields every request must have, in the order of spec §2.1. */
  private static final List<String> REQUIRED = List.of("image_url", "short_description", "style");

  public static final int MAX_SHORT_DESCRIPTION = 500;
  public static final int MIN_LENGTH = 200;
  public static final int MAX_LENGTH = 3000;
  public static final int MAX_KEYWORDS_CHARS = 500;
  public static final int MAX_KEYWORD_PHRASES = 20;
  public static final int MAX_KEYWORD_PHRASE_CHARS = 100;

  private final ApiRevision revision;

  public RequestParser(ApiRevision revision) {
    this.revision = revision;
  }

  public ParseResult parse(JsonNode body) {
    if (body == null || !body.isObject()) {
      return new ParseResult.Invalid(Messages.format("invalid.body_not_object"));
    }
    Optional<String> unknown = UnknownFields.refusal(body);
    if (unknown.isPresent()) {
      return new ParseResult.Invalid(unknown.get());
    }
    List<String> missing = missingRequired(body);
    if (missing.size() > 1) {
      return new ParseResult.Invalid(
          Messages.format(
              "invalid.required_many",
              missing.stream().map(name -> "«" + name + "»").collect(Collectors.joining(", "))));
    }
    try {
      return new ParseResult.Valid(read(new FieldReader(body, revision)));
    } catch (FieldReader.Rejection rejection) {
      return new ParseResult.Invalid(rejection.getMessage());
    }
  }

  /**
   * The required fields the body lacks (absent or null), in the order of spec §2.1. One is named by
   * the field's own reading; several are named together, so that a client building requests from a
   * spreadsheet without those columns learns them in one answer instead of one per round trip.
   */
  private static List<String> missingRequired(JsonNode body) {
    return REQUIRED.stream()
        .filter(name -> body.get(name) == null || body.get(name).isNull())
        .toList();
  }

  /** The earlier revision has no product_facts, keywords, features, audience or request_id. */
  private GenerationRequest read(FieldReader fields) {
    boolean current = revision == ApiRevision.CURRENT;
    return new GenerationRequest(
        fields.photos(),
        fields.shortDescription(),
        fields.style(),
        current ? fields.facts() : Map.of(),
        fields.length(),
        fields.compatFlag("headers"),
        fields.compatFlag("slogans"),
        fields.creativity(),
        current ? fields.keywords() : null,
        current ? fields.flag("features") : null,
        current ? fields.flag("audience") : null,
        current ? fields.requestId() : null);
  }
}

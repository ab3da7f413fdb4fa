package io.cardgen.gateway.job;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import io.cardgen.common.request.ApiRevision;
import io.cardgen.common.request.Creativity;
import io.cardgen.common.request.GenerationRequest;
import io.cardgen.common.request.ProductFact;
import io.cardgen.common.request.RequestParser;
import io.cardgen.common.wire.CardSpec;
import io.cardgen.gateway.plan.Plan;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Applies a plan to a parsed request (spec §5): refuses options the plan lacks, enforces its photo
 * and length limits, and fills the defaults. The result is the spec a worker generates.
 */
public final class PlanPolicy {

  static final int DEFAULT_LENGTH = 300;
  static final int LEGACY_DEFAULT_LENGTH = 350;

  private PlanPolicy() {}

  public sealed interface Decision {}

  public record Allowed(CardSpec spec) implements Decision {}

  public record Refused(ErrorCode code, String message) implements Decision {}

  /** Decides on the request; an allowed spec has no photos yet (they are stored later). */
  public static Decision apply(GenerationRequest request, Plan plan, ApiRevision revision) {
    Optional<String> lacking = lackingOption(request, plan);
    if (lacking.isPresent()) {
      return new Refused(
          ErrorCode.TARIFF_OPTION_UNAVAILABLE,
          Messages.format("invalid.option_unavailable", lacking.get()));
    }
    if (request.photos().size() > plan.maxPhotos()) {
      return new Refused(
          ErrorCode.INVALID_PARAMETERS,
          Messages.format("invalid.too_many_photos", plan.maxPhotos(), request.photos().size()));
    }
    int maxLength = Math.min(RequestParser.MAX_LENGTH, plan.maxLength());
    if (request.length() != null && request.length() > maxLength) {
      return new Refused(
          ErrorCode.INVALID_PARAMETERS, Messages.format("invalid.length_plan", maxLength));
    }
    int defaultLength = revision == ApiRevision.LEGACY ? LEGACY_DEFAULT_LENGTH : DEFAULT_LENGTH;
    int length = request.length() != null ? request.length() : Math.min(defaultLength, maxLength);
    return new Allowed(
        new CardSpec(
            request.style(),
            request.shortDescription(),
            factsByWireName(request.productFacts()),
            length,
            Boolean.FALSE.equals(request.features()) ? 0 : plan.featuresCount(),
            !Boolean.FALSE.equals(request.audience()) && plan.audience(),
            Boolean.TRUE.equals(request.headers()) ? plan.headersCount() : 0,
            Boolean.TRUE.equals(request.slogans()) ? plan.slogansCount() : 0,
            request.creativity() != null ? request.creativity() : Creativity.MIDDLE,
            request.keywords() != null ? request.keywords() : List.of(),
            List.of()));
  }

  /**
   * The first option, in the spec's field order, that the request asks for and the plan lacks.
   * Switching a block off ({@code false}) or sending no keywords asks for nothing.
   */
  private static Optional<String> lackingOption(GenerationRequest request, Plan plan) {
    Map<String, Boolean> lacking = new LinkedHashMap<>();
    lacking.put("headers", Boolean.TRUE.equals(request.headers()) && plan.headersCount() == 0);
    lacking.put("slogans", Boolean.TRUE.equals(request.slogans()) && plan.slogansCount() == 0);
    lacking.put("creativity", request.creativity() != null && !plan.creativity());
    lacking.put(
        "keywords",
        request.keywords() != null && !request.keywords().isEmpty() && !plan.keywords());
    lacking.put("features", Boolean.TRUE.equals(request.features()) && plan.featuresCount() == 0);
    lacking.put("audience", Boolean.TRUE.equals(request.audience()) && !plan.audience());
    return lacking.entrySet().stream()
        .filter(Map.Entry::getValue)
        .map(Map.Entry::getKey)
        .findFirst();
  }

  private static Map<String, String> factsByWireName(Map<ProductFact, String> facts) {
    Map<String, String> byName = new TreeMap<>();
    facts.forEach((fact, value) -> byName.put(fact.wireName(), value));
    return byName;
  }
}

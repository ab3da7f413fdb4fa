package io.cardgen.gateway.admin;

import io.cardgen.gateway.plan.Plan;
import java.util.ArrayList;
import java.util.List;

/** {@code POST /admin/plans} body; every field is required. */
record PlanForm(
    String name,
    Boolean apiAccess,
    Integer maxPhotos,
    Integer maxLength,
    Integer featuresCount,
    Boolean audience,
    Integer headersCount,
    Integer slogansCount,
    Boolean creativity,
    Boolean keywords,
    Integer rateLimitPerMinute) {

  /** The problems of this form, empty when it describes a valid plan. */
  List<String> problems() {
    List<String> problems = new ArrayList<>();
    // Stored stripped (toPlan), so measured stripped.
    if (name == null
        || name.isBlank()
        || name.strip().length() > 100
        || AdminValues.hasControl(name)) {
      problems.add("name: 1–100 символов без управляющих");
    }
    requireTrue(apiAccess != null, "api_access: true или false", problems);
    requireTrue(
        maxPhotos != null && maxPhotos >= 1 && maxPhotos <= 50, "max_photos: 1–50", problems);
    requireTrue(
        maxLength != null && maxLength >= 200 && maxLength <= 3000,
        "max_length: 200–3000",
        problems);
    requireTrue(countOk(featuresCount), "features_count: 0–20", problems);
    requireTrue(audience != null, "audience: true или false", problems);
    requireTrue(countOk(headersCount), "headers_count: 0–20", problems);
    requireTrue(countOk(slogansCount), "slogans_count: 0–20", problems);
    requireTrue(creativity != null, "creativity: true или false", problems);
    requireTrue(keywords != null, "keywords: true или false", problems);
    requireTrue(
        // Above sixty million a minute the limiter's interval between requests rounds to zero
        // microseconds, which would mean no limit at all; ten million is "no practical limit".
        rateLimitPerMinute != null && rateLimitPerMinute >= 1 && rateLimitPerMinute <= 10_000_000,
        "rate_limit_per_minute: от 1 до 10000000",
        problems);
    return problems;
  }

  Plan toPlan() {
    return new Plan(
        0,
        name.strip(),
        apiAccess,
        maxPhotos,
        maxLength,
        featuresCount,
        audience,
        headersCount,
        slogansCount,
        creativity,
        keywords,
        rateLimitPerMinute);
  }

  private static boolean countOk(Integer count) {
    return count != null && count >= 0 && count <= 20;
  }

  private static void requireTrue(boolean condition, String problem, List<String> problems) {
    if (!condition) {
      problems.add(problem);
    }
  }
}

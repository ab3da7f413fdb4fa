package io.cardgen.standalone;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import tools.jackson.databind.JsonNode;

/**
 * Plans and accounts made through the admin API, the way an operator makes them. Every plan gets a
 * fresh name, so tests sharing a stack never see each other's tenants.
 */
final class Tenants {

  private static final AtomicInteger SEQUENCE = new AtomicInteger();

  private Tenants() {}

  /** An account and the API key it was issued. */
  record Tenant(UUID id, String apiKey) {}

  /**
   * A plan with every option: 3 photos, length up to 1000, every block, no practical rate limit.
   */
  static PlanBuilder aFullPlan() {
    return new PlanBuilder()
        .with("api_access", true)
        .with("max_photos", 3)
        .with("max_length", 1000)
        .with("features_count", 5)
        .with("audience", true)
        .with("headers_count", 3)
        .with("slogans_count", 3)
        .with("creativity", true)
        .with("keywords", true)
        .with("rate_limit_per_minute", 100_000);
  }

  /** A plan with API access and nothing else: one photo, no optional block or option. */
  static PlanBuilder aBarePlan() {
    return aFullPlan()
        .with("max_photos", 1)
        .with("max_length", 3000)
        .with("features_count", 0)
        .with("audience", false)
        .with("headers_count", 0)
        .with("slogans_count", 0)
        .with("creativity", false)
        .with("keywords", false);
  }

  static final class PlanBuilder {
    private final Map<String, Object> fields = new LinkedHashMap<>();

    PlanBuilder with(String field, Object value) {
      fields.put(field, value);
      return this;
    }

    /** Creates the plan and returns its name. */
    String create(TestStack stack) throws Exception {
      Map<String, Object> plan = new LinkedHashMap<>(fields);
      plan.put("name", "plan-" + SEQUENCE.incrementAndGet() + "-" + UUID.randomUUID());
      TestStack.Response created =
          stack.admin("POST", "/admin/plans", TestStack.JSON.writeValueAsString(plan));
      if (created.status() != 201) {
        throw new AssertionError("plan not created: " + created);
      }
      return created.json().get("name").asString();
    }
  }

  /**
   * @param plan the plan's name, or null for an account without a plan
   */
  static Tenant account(TestStack stack, String plan, long credits) throws Exception {
    Map<String, Object> account = new LinkedHashMap<>();
    account.put("name", "account-" + SEQUENCE.incrementAndGet());
    account.put("plan", plan);
    account.put("credits", credits);
    TestStack.Response created =
        stack.admin("POST", "/admin/accounts", TestStack.JSON.writeValueAsString(account));
    if (created.status() != 201) {
      throw new AssertionError("account not created: " + created);
    }
    JsonNode json = created.json();
    return new Tenant(UUID.fromString(json.get("id").asString()), json.get("api_key").asString());
  }

  static Tenant legacyAccount(TestStack stack, String plan, long credits) throws Exception {
    Tenant tenant = account(stack, plan, credits);
    TestStack.Response patched =
        stack.admin("PATCH", "/admin/accounts/" + tenant.id(), "{\"api_revision\": \"legacy\"}");
    if (patched.status() != 200) {
      throw new AssertionError("account not switched to legacy: " + patched);
    }
    return tenant;
  }
}

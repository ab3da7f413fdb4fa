package io.cardgen.gateway.admin;

import io.cardgen.gateway.plan.Plan;
import io.cardgen.gateway.plan.PlanRepository;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * Plans on the admin API: {@code POST /admin/plans} (DESIGN.md), and beside it the list, one plan,
 * and a change of its options. A change applies from each account's next request on: the gateway
 * reads the caller's plan with its account on every request, and a batch's items keep the options
 * resolved when the batch was created, as a card request in flight does.
 */
@RestController
class PlanController {

  private static final Logger log = LoggerFactory.getLogger(PlanController.class);

  private final PlanRepository plans;
  private final AdminForms forms;
  private final JsonMapper json;
  private final TransactionTemplate transaction;

  PlanController(PlanRepository plans, JsonMapper json, TransactionTemplate transaction) {
    this.plans = plans;
    this.forms = new AdminForms(json);
    this.json = json;
    this.transaction = transaction;
  }

  @PostMapping("/admin/plans")
  ResponseEntity<?> create(@RequestBody JsonNode body) {
    AdminForms.Read<PlanForm> read = forms.read(body, PlanForm.class);
    if (read.isRefused()) {
      return AdminErrors.invalid(read.refusal());
    }
    PlanForm form = read.form();
    List<String> problems = form.problems();
    if (!problems.isEmpty()) {
      return AdminErrors.invalid(String.join("; ", problems));
    }
    return plans
        .create(form.toPlan())
        .<ResponseEntity<?>>map(plan -> ResponseEntity.status(HttpStatus.CREATED).body(plan))
        .orElseGet(() -> AdminErrors.conflict("Тариф с таким именем уже существует."));
  }

  @GetMapping("/admin/plans")
  Map<String, List<Plan>> list() {
    return Map.of("items", plans.all());
  }

  @GetMapping("/admin/plans/{name}")
  ResponseEntity<?> plan(@PathVariable String name) {
    return plans
        .findByName(name.strip())
        .<ResponseEntity<?>>map(ResponseEntity::ok)
        .orElseGet(AdminErrors::notFound);
  }

  /**
   * Changes the fields given, the others kept; read as strictly as a new plan's form, and checked
   * whole, so a change never leaves a plan that could not have been created. The name stays: it is
   * how accounts are given the plan and how operators' scripts find it.
   */
  @PatchMapping("/admin/plans/{name}")
  ResponseEntity<?> change(@PathVariable String name, @RequestBody JsonNode body) {
    if (body == null || !body.isObject()) {
      return AdminErrors.invalid("тело должно быть объектом");
    }
    if (body.has("name") || body.has("id")) {
      return AdminErrors.invalid("name: тариф не переименовывается, создайте новый");
    }
    return transaction.execute(status -> changeLocked(name.strip(), (ObjectNode) body));
  }

  private ResponseEntity<?> changeLocked(String name, ObjectNode changes) {
    Optional<Plan> current = plans.findByNameForUpdate(name);
    if (current.isEmpty()) {
      return AdminErrors.notFound();
    }
    ObjectNode merged = json.valueToTree(current.get());
    merged.remove("id");
    merged.setAll(changes);
    AdminForms.Read<PlanForm> read = forms.read(merged, PlanForm.class);
    if (read.isRefused()) {
      return AdminErrors.invalid(read.refusal());
    }
    List<String> problems = read.form().problems();
    if (!problems.isEmpty()) {
      return AdminErrors.invalid(String.join("; ", problems));
    }
    Plan changed = plans.update(withId(read.form().toPlan(), current.get().id()));
    log.info("Changed plan {}: {}", changed.name(), String.join(", ", changes.propertyNames()));
    return ResponseEntity.ok(changed);
  }

  private static Plan withId(Plan plan, long id) {
    return new Plan(
        id,
        plan.name(),
        plan.apiAccess(),
        plan.maxPhotos(),
        plan.maxLength(),
        plan.featuresCount(),
        plan.audience(),
        plan.headersCount(),
        plan.slogansCount(),
        plan.creativity(),
        plan.keywords(),
        plan.rateLimitPerMinute());
  }
}

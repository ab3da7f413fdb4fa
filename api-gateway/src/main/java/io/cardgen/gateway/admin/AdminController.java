package io.cardgen.gateway.admin;

import io.cardgen.common.error.Messages;
import io.cardgen.common.request.ApiRevision;
import io.cardgen.common.request.IdempotencyKeys;
import io.cardgen.gateway.photo.JobPhotoRemoval;
import io.cardgen.gateway.photo.PhotoRemovalSchedule;
import io.cardgen.gateway.plan.Plan;
import io.cardgen.gateway.plan.PlanRepository;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionTemplate;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The admin API of DESIGN.md. Served only on the management port ({@code PortRouting}) and only
 * with the admin token ({@link AdminToken}).
 */
@RestController
class AdminController {

  /**
   * The card's job row first, as key retention locks it before the card: taken the other way round,
   * a delete landing in a retention batch of the same card deadlocked (review finding).
   */
  private static final Logger log = LoggerFactory.getLogger(AdminController.class);

  private static final String LOCK_CARDS_JOB =
      "SELECT j.id FROM jobs j JOIN cards c ON c.job_id = j.id"
          + " WHERE c.uid = :uid AND c.deleted_at IS NULL FOR UPDATE OF j";

  private static final String DELETE_CARD =
      "UPDATE cards SET deleted_at = now() WHERE uid = :uid AND deleted_at IS NULL RETURNING job_id";

  private static final Set<String> ACCOUNT_CHANGES = Set.of("plan", "api_revision");

  private final PlanRepository plans;
  private final AccountAdministration accounts;
  private final JdbcClient jdbc;
  private final AdminForms forms;
  private final JobPhotoRemoval photos;
  private final PhotoRemovalSchedule photoRemovals;
  private final TransactionTemplate transaction;

  AdminController(
      PlanRepository plans,
      AccountAdministration accounts,
      JdbcClient jdbc,
      JsonMapper json,
      JobPhotoRemoval photos,
      PhotoRemovalSchedule photoRemovals,
      TransactionTemplate transaction) {
    this.plans = plans;
    this.accounts = accounts;
    this.jdbc = jdbc;
    this.forms = new AdminForms(json);
    this.photos = photos;
    this.photoRemovals = photoRemovals;
    this.transaction = transaction;
  }

  /**
   * The most credits one call gives: far above any purchase, far below where the balance's bigint
   * could overflow on a later top-up.
   */
  private static final long MAX_CREDITS = 1_000_000_000L;

  record AccountForm(String name, String plan, JsonNode credits) {}

  @PostMapping("/admin/accounts")
  ResponseEntity<?> createAccount(@RequestBody JsonNode body) {
    AdminForms.Read<AccountForm> read = forms.read(body, AccountForm.class);
    if (read.isRefused()) {
      return AdminErrors.invalid(read.refusal());
    }
    AccountForm form = read.form();
    // Names are stored stripped, so they are measured and looked up stripped.
    if (form.name() == null
        || form.name().isBlank()
        || form.name().strip().length() > 200
        || AdminValues.hasControl(form.name())) {
      return AdminErrors.invalid("name: 1–200 символов без управляющих");
    }
    Long credits =
        form.credits() == null || form.credits().isNull()
            ? Long.valueOf(0)
            : AdminValues.whole(form.credits(), 0, MAX_CREDITS);
    if (credits == null) {
      return AdminErrors.invalid("credits: целое число от 0 до 1000000000");
    }
    Optional<Plan> plan =
        Optional.ofNullable(form.plan()).flatMap(name -> plans.findByName(name.strip()));
    if (form.plan() != null && plan.isEmpty()) {
      return AdminErrors.invalid("plan: тариф не найден");
    }
    AccountView created = accounts.create(form.name().strip(), plan.orElse(null), credits);
    return ResponseEntity.status(HttpStatus.CREATED).body(created);
  }

  @GetMapping("/admin/accounts/{id}")
  ResponseEntity<?> account(@PathVariable UUID id) {
    return accounts
        .find(id)
        .<ResponseEntity<?>>map(ResponseEntity::ok)
        .orElseGet(AdminErrors::notFound);
  }

  /**
   * A new API key for the account, shown once; the old one is refused from the next request on. For
   * a key that leaked, or a client's scheduled rotation (which then swaps its key at once).
   */
  @PostMapping("/admin/accounts/{id}/api-key")
  ResponseEntity<?> replaceApiKey(@PathVariable UUID id) {
    Optional<AccountView> replaced = accounts.replaceApiKey(id);
    replaced.ifPresent(account -> log.info("Replaced the API key of account {}", account.id()));
    return replaced.<ResponseEntity<?>>map(ResponseEntity::ok).orElseGet(AdminErrors::notFound);
  }

  @PatchMapping("/admin/accounts/{id}")
  ResponseEntity<?> changeAccount(@PathVariable UUID id, @RequestBody JsonNode body) {
    if (!body.isObject()) {
      return AdminErrors.invalid("тело должно быть объектом");
    }
    String unknown = AdminForms.unknownFieldOf(body, ACCOUNT_CHANGES);
    if (unknown != null) {
      return AdminErrors.invalid(unknown);
    }
    Optional<Optional<Plan>> plan = Optional.empty();
    if (body.has("plan")) {
      JsonNode name = body.get("plan");
      if (!name.isNull() && !name.isString()) {
        return AdminErrors.invalid("plan: имя тарифа или null");
      }
      Optional<Plan> found =
          name.isNull() ? Optional.empty() : plans.findByName(name.stringValue().strip());
      if (!name.isNull() && found.isEmpty()) {
        return AdminErrors.invalid("plan: тариф не найден");
      }
      plan = Optional.of(found);
    }
    Optional<ApiRevision> revision = Optional.empty();
    if (body.has("api_revision")) {
      JsonNode value = body.get("api_revision");
      revision =
          value.isString() ? ApiRevision.fromWireName(value.stringValue()) : Optional.empty();
      if (revision.isEmpty()) {
        return AdminErrors.invalid("api_revision: current или legacy");
      }
    }
    return accounts
        .change(id, plan, revision)
        .<ResponseEntity<?>>map(ResponseEntity::ok)
        .orElseGet(AdminErrors::notFound);
  }

  record CreditsForm(JsonNode amount) {}

  /** Marks the answer to a top-up whose key had already added its credits. */
  static final String REPLAYED = "Idempotent-Replayed";

  /**
   * A top-up; with an {@code Idempotency-Key} (the public API's syntax) its credits are added once
   * however often the call is repeated, and a repeat answers the account as it is now.
   */
  @PostMapping("/admin/accounts/{id}/credits")
  ResponseEntity<?> addCredits(
      @PathVariable UUID id,
      @RequestBody JsonNode body,
      @RequestHeader(name = "Idempotency-Key", required = false) String key) {
    AdminForms.Read<CreditsForm> read = forms.read(body, CreditsForm.class);
    if (read.isRefused()) {
      return AdminErrors.invalid(read.refusal());
    }
    CreditsForm form = read.form();
    Long amount = AdminValues.whole(form.amount(), 1, MAX_CREDITS);
    if (amount == null) {
      return AdminErrors.invalid("amount: целое число от 1 до 1000000000");
    }
    if (key != null && !IdempotencyKeys.isValid(key)) {
      return AdminErrors.invalid(Messages.format("invalid.idempotency_header"));
    }
    return switch (accounts.addCredits(id, amount, Optional.ofNullable(key))) {
      case ADDED -> account(id);
      case REPLAYED ->
          accounts
              .find(id)
              .<ResponseEntity<?>>map(
                  view -> ResponseEntity.ok().header(REPLAYED, "true").body(view))
              .orElseGet(AdminErrors::notFound);
      case CONFLICT -> AdminErrors.idempotencyConflict(Messages.format("admin.top_up_conflict"));
      case NO_ACCOUNT -> AdminErrors.notFound();
    };
  }

  @DeleteMapping("/admin/cards/{uid}")
  ResponseEntity<?> deleteCard(@PathVariable UUID uid) {
    // The card goes with its photos' place in the removal queue, in one transaction: a failure
    // between the two can neither keep the card nor forget its photos.
    Optional<List<String>> queued =
        transaction.execute(
            status -> {
              jdbc.sql(LOCK_CARDS_JOB).param("uid", uid).query(UUID.class).optional();
              return jdbc.sql(DELETE_CARD)
                  .param("uid", uid)
                  .query(UUID.class)
                  .optional()
                  .map(job -> photos.queueFor(new UUID[] {job}));
            });
    if (queued.isEmpty()) {
      return AdminErrors.notFound();
    }
    // The card is gone for its clients; its photos go now too, not at the queue's next run, on
    // the removal's thread: this request does not wait on the store.
    photoRemovals.runSoon();
    return ResponseEntity.noContent().build();
  }
}

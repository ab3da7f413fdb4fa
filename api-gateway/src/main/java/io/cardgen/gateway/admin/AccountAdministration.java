package io.cardgen.gateway.admin;

import io.cardgen.common.request.ApiRevision;
import io.cardgen.gateway.auth.Account;
import io.cardgen.gateway.auth.AccountRepository;
import io.cardgen.gateway.auth.ApiKeys;
import io.cardgen.gateway.credit.CreditLedger;
import io.cardgen.gateway.credit.CreditTopUp;
import io.cardgen.gateway.plan.Plan;
import io.cardgen.gateway.plan.PlanRepository;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Transactional;

/** Creating and changing accounts: the operator's side of plans, keys and credits. */
@Component
public class AccountAdministration {

  private final AccountRepository accounts;
  private final PlanRepository plans;
  private final CreditLedger credits;
  private final CreditTopUp topUp;

  AccountAdministration(
      AccountRepository accounts, PlanRepository plans, CreditLedger credits, CreditTopUp topUp) {
    this.accounts = accounts;
    this.plans = plans;
    this.credits = credits;
    this.topUp = topUp;
  }

  /** Creates an account and returns it with its API key, which is not stored anywhere. */
  @Transactional
  public AccountView create(String name, Plan plan, long initialCredits) {
    UUID id = UUID.randomUUID();
    String apiKey = ApiKeys.generate();
    accounts.insert(id, name, plan == null ? null : plan.id(), ApiKeys.hash(apiKey));
    if (initialCredits > 0) {
      credits.credit(id, initialCredits);
    }
    return view(accounts.findById(id).orElseThrow()).withNewKey(apiKey);
  }

  /**
   * The demo account of the standalone: created on first start, on later starts given a fresh key
   * (the old one cannot be shown again, only its hash is kept) and topped up to {@code minCredits}.
   */
  @Transactional
  public AccountView ensureDemoAccount(String name, Plan plan, long minCredits) {
    Optional<Account> existing = accounts.findByName(name);
    if (existing.isEmpty()) {
      return create(name, plan, minCredits);
    }
    Account account = existing.get();
    String apiKey = ApiKeys.generate();
    accounts.replaceApiKeyHash(account.id(), ApiKeys.hash(apiKey));
    accounts.updatePlan(account.id(), plan.id());
    long available = account.balance() - account.reserved();
    if (available < minCredits) {
      credits.credit(account.id(), minCredits - available);
    }
    return find(account.id()).orElseThrow().withNewKey(apiKey);
  }

  /**
   * Gives the account a new API key and returns it, once, as at creation. The old key is refused
   * from the next request on: the gateways authenticate every request against the stored hash, with
   * no cache, so a leaked key is revoked by replacing it.
   */
  @Transactional
  public Optional<AccountView> replaceApiKey(UUID id) {
    if (accounts.findById(id).isEmpty()) {
      return Optional.empty();
    }
    String apiKey = ApiKeys.generate();
    accounts.replaceApiKeyHash(id, ApiKeys.hash(apiKey));
    return find(id).map(current -> current.withNewKey(apiKey));
  }

  /** A page of {@link AccountRepository#page}, each account as the admin API shows it. */
  public List<AccountView> page(String name, UUID after, int limit) {
    // A page names a few plans many times: each is looked up once.
    Map<Long, Optional<Plan>> planOf = new HashMap<>();
    return accounts.page(name, after, limit).stream()
        .map(
            account ->
                view(
                    account,
                    account.planId() == null
                        ? Optional.empty()
                        : planOf.computeIfAbsent(account.planId(), plans::findById)))
        .toList();
  }

  public Optional<AccountView> find(UUID id) {
    return accounts.findById(id).map(this::view);
  }

  @Transactional
  public Optional<AccountView> change(
      UUID id, Optional<Optional<Plan>> plan, Optional<ApiRevision> revision) {
    if (accounts.findById(id).isEmpty()) {
      return Optional.empty();
    }
    plan.ifPresent(newPlan -> accounts.updatePlan(id, newPlan.map(Plan::id).orElse(null)));
    revision.ifPresent(newRevision -> accounts.updateRevision(id, newRevision));
    return find(id);
  }

  /**
   * Adds credits, at most once per idempotency key when one is given ({@link CreditTopUp}, one
   * transaction of its own).
   */
  public CreditTopUp.Outcome addCredits(UUID id, long amount, Optional<String> idempotencyKey) {
    return topUp.add(id, amount, idempotencyKey);
  }

  private AccountView view(Account account) {
    return view(account, Optional.ofNullable(account.planId()).flatMap(plans::findById));
  }

  private static AccountView view(Account account, Optional<Plan> plan) {
    String planName = plan.map(Plan::name).orElse(null);
    return new AccountView(
        account.id(),
        account.name(),
        planName,
        null,
        account.balance(),
        account.reserved(),
        account.apiRevision().wireName());
  }
}

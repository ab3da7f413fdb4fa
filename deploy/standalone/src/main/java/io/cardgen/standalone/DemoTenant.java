package io.cardgen.standalone;

import io.cardgen.gateway.admin.AccountAdministration;
import io.cardgen.gateway.admin.AccountView;
import io.cardgen.gateway.plan.Plan;
import io.cardgen.gateway.plan.PlanRepository;
import org.springframework.context.ApplicationContext;

/** The demo plan and account the standalone prepares so that the first curl just works. */
final class DemoTenant {

  static final String PLAN = "demo";
  static final String ACCOUNT = "demo";
  static final long MIN_CREDITS = 100;

  private DemoTenant() {}

  static Plan demoPlan() {
    return new Plan(0, PLAN, true, 5, 3000, 5, true, 3, 3, true, true, 600);
  }

  static AccountView prepare(ApplicationContext gateway) {
    PlanRepository plans = gateway.getBean(PlanRepository.class);
    Plan plan = plans.findByName(PLAN).orElseGet(() -> plans.create(demoPlan()).orElseThrow());
    return gateway
        .getBean(AccountAdministration.class)
        .ensureDemoAccount(ACCOUNT, plan, MIN_CREDITS);
  }
}

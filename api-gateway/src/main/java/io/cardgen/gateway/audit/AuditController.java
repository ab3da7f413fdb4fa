package io.cardgen.gateway.audit;

import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /admin/audit}: runs the credit audit now. Like the rest of {@code /admin}, served only
 * on the management port and only with the admin token. Always 200 when the audit ran; {@code
 * clean} and {@code breaches} carry the verdict.
 */
@RestController
class AuditController {

  private final CreditAudit audit;

  AuditController(CreditAudit audit) {
    this.audit = audit;
  }

  @GetMapping("/admin/audit")
  AuditReport audit() {
    return audit.run();
  }
}

package io.cardgen.gateway.audit;

import io.cardgen.gateway.admin.AdminErrors;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /admin/audit}: runs the credit audit now, a full one unless {@code ?scope=recent} asks
 * for what the timer runs between two full ones (ADR 0029). Like the rest of {@code /admin}, served
 * only on the management port and only with the admin token. Always 200 when the audit ran; {@code
 * clean} and {@code breaches} carry the verdict.
 */
@RestController
class AuditController {

  private final CreditAudit audit;

  AuditController(CreditAudit audit) {
    this.audit = audit;
  }

  @GetMapping("/admin/audit")
  ResponseEntity<?> audit(@RequestParam(defaultValue = "full") String scope) {
    return switch (scope) {
      case "full" -> ResponseEntity.ok(audit.run());
      case "recent" -> ResponseEntity.ok(audit.runRecent());
      default -> AdminErrors.invalid("scope должен быть full или recent.");
    };
  }
}

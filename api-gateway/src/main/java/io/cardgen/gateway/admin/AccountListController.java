package io.cardgen.gateway.admin;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.UUID;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /admin/accounts}: the accounts in id order, a page at a time, or those of one name. An
 * operator finds an account a customer names without SQL, and a billing job walks them all: {@code
 * next} is the id to pass as {@code after} for the following page, null on the last.
 */
@RestController
class AccountListController {

  private final AccountAdministration accounts;

  AccountListController(AccountAdministration accounts) {
    this.accounts = accounts;
  }

  @GetMapping("/admin/accounts")
  ResponseEntity<?> list(
      @RequestParam(name = "name", required = false) String name,
      @RequestParam(name = "after", required = false) String after,
      @RequestParam(name = "limit", required = false) String limit) {
    if (name != null
        && (name.isBlank() || name.strip().length() > 200 || AdminValues.hasControl(name))) {
      return AdminErrors.invalid("name: 1–200 символов без управляющих");
    }
    UUID afterId = after == null ? null : uuidOrNull(after);
    if (after != null && afterId == null) {
      return AdminErrors.invalid("after: id счёта из поля next");
    }
    OptionalInt pageSize = AdminPages.size(limit);
    if (pageSize.isEmpty()) {
      return AdminPages.invalidLimit();
    }
    int size = pageSize.getAsInt();
    // One more than asked tells whether a next page exists.
    List<AccountView> found = accounts.page(name == null ? null : name.strip(), afterId, size + 1);
    List<AccountView> page = found.subList(0, Math.min(size, found.size()));
    Map<String, Object> answer = new LinkedHashMap<>();
    answer.put("items", page);
    answer.put("next", found.size() > size ? page.get(page.size() - 1).id().toString() : null);
    return ResponseEntity.ok(answer);
  }

  private static UUID uuidOrNull(String text) {
    try {
      return text.length() == 36 ? UUID.fromString(text) : null;
    } catch (IllegalArgumentException notAnId) {
      return null;
    }
  }
}

package io.cardgen.gateway.admin;

import java.util.Map;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;

/** The admin API's error answers, in the same envelope shape as the public API. */
public final class AdminErrors {

  private AdminErrors() {}

  public static ResponseEntity<?> invalid(String detail) {
    return answer(
        HttpStatus.UNPROCESSABLE_CONTENT, "invalid_parameters", "Некорректные данные: " + detail);
  }

  static ResponseEntity<?> conflict(String message) {
    return answer(HttpStatus.CONFLICT, "conflict", message);
  }

  /** An idempotency key already used for something else; the public API's code for the same. */
  static ResponseEntity<?> idempotencyConflict(String message) {
    return answer(HttpStatus.CONFLICT, "idempotency_conflict", message);
  }

  public static ResponseEntity<?> notFound() {
    return answer(HttpStatus.NOT_FOUND, "not_found", "Объект не найден.");
  }

  private static ResponseEntity<?> answer(HttpStatus status, String code, String message) {
    return ResponseEntity.status(status)
        .body(Map.of("success", false, "error", message, "code", code, "message", message));
  }
}

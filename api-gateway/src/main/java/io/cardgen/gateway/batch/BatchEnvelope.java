package io.cardgen.gateway.batch;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The response envelope of the batch endpoints (product-card-api §2.3 with any {@code data}), plus
 * {@code errors} listing refused items when a batch is refused for them (batch-api §2).
 */
record BatchEnvelope(
    boolean success,
    @JsonInclude(JsonInclude.Include.ALWAYS) String error,
    @JsonInclude(JsonInclude.Include.NON_NULL) Object data,
    @JsonInclude(JsonInclude.Include.NON_NULL) String code,
    @JsonInclude(JsonInclude.Include.NON_NULL) String message,
    @JsonInclude(JsonInclude.Include.NON_NULL) List<ItemError> errors) {

  /** One refused item: its custom_id (null when it had none), 1-based position and why. */
  record ItemError(
      @JsonInclude(JsonInclude.Include.ALWAYS) String customId,
      int line,
      String code,
      String message) {}

  static BatchEnvelope success(Object data) {
    return new BatchEnvelope(true, null, data, null, null, null);
  }

  static BatchEnvelope failure(String code, String message, List<ItemError> errors) {
    return new BatchEnvelope(false, message, null, code, message, errors);
  }

  /** The earlier revision: success false and the error text only. */
  static BatchEnvelope legacyFailure(String message) {
    return new BatchEnvelope(false, message, null, null, null, null);
  }
}

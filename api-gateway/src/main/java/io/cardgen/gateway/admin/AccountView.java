package io.cardgen.gateway.admin;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.UUID;

/**
 * An account as the admin API shows it. {@code api_key} appears once, in the answer that created
 * the account or replaced its key; it is not stored and cannot be shown again.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AccountView(
    UUID id,
    String name,
    @JsonInclude(JsonInclude.Include.ALWAYS) String plan,
    String apiKey,
    long balance,
    long reserved,
    String apiRevision) {

  /** The answer that shows a new key: the fields of DESIGN.md's creation answer. */
  AccountView withNewKey(String newApiKey) {
    return new AccountView(id, name, plan, newApiKey, balance, reserved, null);
  }
}

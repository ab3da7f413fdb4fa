package io.cardgen.common.batch;

import java.util.Arrays;

/**
 * A batch's status (batch-api §3): {@code in_progress} → {@code completed}, or {@code in_progress}
 * → {@code cancelling} → {@code cancelled}. Stored as the wire name.
 */
public enum BatchStatus {
  IN_PROGRESS("in_progress"),
  CANCELLING("cancelling"),
  COMPLETED("completed"),
  CANCELLED("cancelled");

  private final String wireName;

  BatchStatus(String wireName) {
    this.wireName = wireName;
  }

  public String wireName() {
    return wireName;
  }

  public boolean isFinal() {
    return this == COMPLETED || this == CANCELLED;
  }

  public static BatchStatus fromWireName(String name) {
    return Arrays.stream(values())
        .filter(status -> status.wireName.equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("unknown batch status " + name));
  }
}

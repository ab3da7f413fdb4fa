package io.cardgen.common.request;

import java.util.regex.Pattern;

/** The format of an idempotency key (spec §4, §8): 1–100 of letters, digits and {@code ._:-}. */
public final class IdempotencyKeys {

  private static final Pattern FORMAT = Pattern.compile("[A-Za-z0-9._:-]{1,100}");

  private IdempotencyKeys() {}

  public static boolean isValid(String key) {
    return key != null && FORMAT.matcher(key).matches();
  }
}

package io.cardgen.common.admin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The admin token ({@code CARDGEN_ADMIN_TOKEN}, {@code cardgen.admin.token}) as the gateway's admin
 * API and both applications' actuators check it: {@code Authorization: Bearer <token>}, compared in
 * constant time. Unset or blank, nothing is admitted.
 *
 * <p>A configured token shorter than {@value #MIN_LENGTH} characters stops the application at
 * start. 32 is the length of the token the standalone generates (24 random bytes, base64url) and of
 * {@code openssl rand -hex 16} (128 bits), half of the {@code openssl rand -hex 32} the docs
 * recommend: every token we hand out passes, and the short words people type by hand ({@code
 * admin}, {@code changeme}, a 4-character test value) do not. Length is no proof of randomness, but
 * 32 random characters are far out of reach of guessing over the network.
 */
public final class AdminBearerToken {

  public static final int MIN_LENGTH = 32;

  /** The answer to a call without the right token, in the API's error envelope. */
  public static final String REFUSAL_JSON =
      "{\"success\":false,\"error\":\"Требуется токен администратора.\",\"code\":\"unauthorized\","
          + "\"message\":\"Требуется токен администратора.\"}";

  private final byte[] expected;

  private AdminBearerToken(byte[] expected) {
    this.expected = expected;
  }

  /**
   * The token as configured: none when unset or blank.
   *
   * @throws IllegalStateException when it is set but shorter than {@value #MIN_LENGTH} characters;
   *     the message names the setting, never the value
   */
  public static AdminBearerToken of(String configured) {
    if (configured == null || configured.isBlank()) {
      return new AdminBearerToken(null);
    }
    // A token read from a file (a Kubernetes Secret made with --from-file) ends with a newline,
    // which no header can carry: the token is what is left without it, for the check and the match.
    String token = configured.strip();
    if (token.length() < MIN_LENGTH) {
      throw new IllegalStateException(
          "The admin token (CARDGEN_ADMIN_TOKEN, cardgen.admin.token) is shorter than "
              + MIN_LENGTH
              + " characters. Set a random one of at least "
              + MIN_LENGTH
              + " (e.g. `openssl rand -hex 32`), or leave it empty to keep the admin API shut.");
    }
    return new AdminBearerToken(("Bearer " + token).getBytes(StandardCharsets.UTF_8));
  }

  public boolean configured() {
    return expected != null;
  }

  /** True when {@code authorization} (the header's value, may be null) carries the token. */
  public boolean admits(String authorization) {
    return expected != null
        && authorization != null
        && MessageDigest.isEqual(expected, authorization.getBytes(StandardCharsets.UTF_8));
  }

  /** Never the token itself: this object may end up in a log or a failure report. */
  @Override
  public String toString() {
    return "AdminBearerToken[" + (configured() ? "(set)" : "(none)") + "]";
  }
}

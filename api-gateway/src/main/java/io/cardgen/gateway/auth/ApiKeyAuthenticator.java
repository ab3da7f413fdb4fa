package io.cardgen.gateway.auth;

import java.util.Optional;
import org.springframework.stereotype.Component;

/** Resolves the {@code Authorization: Bearer <key>} header to an account and its plan. */
@Component
public class ApiKeyAuthenticator {

  private static final String BEARER = "Bearer ";
  private static final int MAX_KEY_LENGTH = 200;

  private final AccountRepository accounts;

  ApiKeyAuthenticator(AccountRepository accounts) {
    this.accounts = accounts;
  }

  public Optional<Caller> authenticate(String authorizationHeader) {
    return keyHash(authorizationHeader).flatMap(accounts::findCallerByApiKeyHash);
  }

  /**
   * The stored hash of the header's key; empty when the header carries no well-formed bearer key,
   * which no account can match.
   */
  public static Optional<String> keyHash(String authorizationHeader) {
    if (authorizationHeader == null
        || !authorizationHeader.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
      return Optional.empty();
    }
    String key = authorizationHeader.substring(BEARER.length()).strip();
    if (key.isEmpty() || key.length() > MAX_KEY_LENGTH) {
      return Optional.empty();
    }
    return Optional.of(ApiKeys.hash(key));
  }
}

package io.cardgen.gateway.batch;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

final class Fingerprints {

  private Fingerprints() {}

  static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException impossible) {
      throw new IllegalStateException("SHA-256 is required by every JVM", impossible);
    }
  }
}

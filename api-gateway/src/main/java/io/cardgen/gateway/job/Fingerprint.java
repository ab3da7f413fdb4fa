package io.cardgen.gateway.job;

import io.cardgen.common.request.GenerationRequest;
import io.cardgen.common.wire.WireJson;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The identity of a request's fields for idempotency: same key and same fingerprint replay the
 * stored outcome; a different fingerprint is a conflict. Photos count by content hash, so the same
 * photo sent as a data URI or as bare base64 is the same request; absent and null flags are equal.
 */
final class Fingerprint {

  private Fingerprint() {}

  private record Normalised(
      String style,
      String shortDescription,
      Map<String, String> facts,
      Integer length,
      boolean headers,
      boolean slogans,
      String creativity,
      List<String> keywords,
      Boolean features,
      Boolean audience,
      List<String> photos) {}

  /**
   * @param photoIdentities per photo: {@code sha256:<hex>} of inline bytes, or the link
   */
  static String of(GenerationRequest request, List<String> photoIdentities) {
    Map<String, String> facts = new TreeMap<>();
    request.productFacts().forEach((fact, value) -> facts.put(fact.wireName(), value));
    Normalised normalised =
        new Normalised(
            request.style().wireName(),
            request.shortDescription(),
            facts,
            request.length(),
            Boolean.TRUE.equals(request.headers()),
            Boolean.TRUE.equals(request.slogans()),
            request.creativity() == null ? null : request.creativity().wireName(),
            request.keywords() == null ? List.of() : request.keywords(),
            request.features(),
            request.audience(),
            photoIdentities);
    return sha256(WireJson.write(normalised).getBytes(StandardCharsets.UTF_8));
  }

  static String sha256(byte[] bytes) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (NoSuchAlgorithmException impossible) {
      throw new IllegalStateException("SHA-256 is required by every JVM", impossible);
    }
  }
}

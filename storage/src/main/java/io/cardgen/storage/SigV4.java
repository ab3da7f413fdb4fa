package io.cardgen.storage;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * AWS Signature Version 4 for S3 requests with no query string, the only kind cardgen sends. The
 * signing key is derived once per day and secret, not per request. Checked against the AWS SDK's
 * own signer in {@code SigV4Test}.
 */
final class SigV4 {

  static final String EMPTY_PAYLOAD_HASH =
      "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);
  private static final HexFormat HEX = HexFormat.of();

  private record SigningKey(String day, String secret, byte[] key) {}

  private final String region;
  private final AtomicReference<SigningKey> cached = new AtomicReference<>();

  SigV4(String region) {
    this.region = region;
  }

  /** The credentials to sign with; {@code sessionToken} may be null. */
  record Credentials(String accessKey, String secretKey, String sessionToken) {}

  /**
   * Adds {@code x-amz-date}, {@code x-amz-content-sha256}, the session token if any and {@code
   * authorization} to {@code headers}, which must hold every other header to sign ({@code host} at
   * least) under lower-case names.
   *
   * @param canonicalUri the path, already URI-encoded the way S3 expects
   */
  void sign(
      String method,
      String canonicalUri,
      TreeMap<String, String> headers,
      String payloadHash,
      Instant now,
      Credentials credentials) {
    String stamp = STAMP.format(now);
    String day = stamp.substring(0, 8);
    headers.put("x-amz-date", stamp);
    headers.put("x-amz-content-sha256", payloadHash);
    if (credentials.sessionToken() != null) {
      headers.put("x-amz-security-token", credentials.sessionToken());
    }
    StringBuilder canonicalHeaders = new StringBuilder();
    for (Map.Entry<String, String> header : headers.entrySet()) {
      canonicalHeaders.append(header.getKey()).append(':').append(header.getValue().strip());
      canonicalHeaders.append('\n');
    }
    String signedHeaders = String.join(";", headers.keySet());
    String canonicalRequest =
        String.join("\n", method, canonicalUri, "", canonicalHeaders, signedHeaders, payloadHash);
    String scope = day + "/" + region + "/s3/aws4_request";
    String stringToSign =
        String.join("\n", "AWS4-HMAC-SHA256", stamp, scope, sha256Hex(canonicalRequest));
    String signature = HEX.formatHex(hmac(signingKey(day, credentials.secretKey()), stringToSign));
    headers.put(
        "authorization",
        "AWS4-HMAC-SHA256 Credential="
            + credentials.accessKey()
            + "/"
            + scope
            + ", SignedHeaders="
            + signedHeaders
            + ", Signature="
            + signature);
  }

  static String sha256Hex(byte[] bytes) {
    try {
      return HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }

  private static String sha256Hex(String text) {
    return sha256Hex(text.getBytes(StandardCharsets.UTF_8));
  }

  private byte[] signingKey(String day, String secret) {
    SigningKey current = cached.get();
    if (current != null && current.day().equals(day) && current.secret().equals(secret)) {
      return current.key();
    }
    byte[] key = hmac(("AWS4" + secret).getBytes(StandardCharsets.UTF_8), day);
    key = hmac(key, region);
    key = hmac(key, "s3");
    key = hmac(key, "aws4_request");
    cached.set(new SigningKey(day, secret, key));
    return key;
  }

  private static byte[] hmac(byte[] key, String data) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      return mac.doFinal(data.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is missing from this JDK", e);
    }
  }

  /** S3's URI encoding of an object key: every byte but the unreserved ones and '/'. */
  static String encodePath(String path) {
    StringBuilder encoded = new StringBuilder();
    for (byte b : path.getBytes(StandardCharsets.UTF_8)) {
      char c = (char) (b & 0xff);
      if ((c >= 'A' && c <= 'Z')
          || (c >= 'a' && c <= 'z')
          || (c >= '0' && c <= '9')
          || c == '-'
          || c == '_'
          || c == '.'
          || c == '~'
          || c == '/') {
        encoded.append(c);
      } else {
        encoded.append('%').append(HEX.withUpperCase().toHexDigits(b));
      }
    }
    return encoded.toString();
  }
}

package io.cardgen.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.TreeMap;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.http.ContentStreamProvider;
import software.amazon.awssdk.http.SdkHttpMethod;
import software.amazon.awssdk.http.SdkHttpRequest;
import software.amazon.awssdk.http.auth.aws.signer.AwsV4HttpSigner;
import software.amazon.awssdk.identity.spi.AwsCredentialsIdentity;
import software.amazon.awssdk.identity.spi.AwsSessionCredentialsIdentity;

/**
 * Our SigV4 against the AWS SDK's signer, the reference: the same request, time and credentials
 * must give the same Authorization header, byte for byte.
 */
class SigV4Test {

  private static final Instant NOW = Instant.parse("2026-11-24T01:02:03Z");

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      nullValues = "-",
      value = {
        "GET    | http://127.0.0.1:9000  | cardgen | products/acc-7/6f1c.png     | -          | -         | us-east-1",
        "PUT    | http://127.0.0.1:9000  | cardgen | products/acc-7/6f1c.png     | image/png  | -         | us-east-1",
        "HEAD   | https://s3.eu-central-1.amazonaws.com | photos | products/a b+c/ж.jpg | - | token-1 | eu-central-1",
        "DELETE | http://minio:80        | cardgen | products/x/~y_z-1.2.webp    | -          | -         | us-east-1",
        "HEAD   | http://localhost:9000  | cardgen | -                           | -          | -         | us-east-1",
      })
  void signsLikeTheAwsSdk(
      String method,
      String endpoint,
      String bucket,
      String key,
      String contentType,
      String sessionToken,
      String region) {
    byte[] body = "PUT".equals(method) ? "\u0089PNG bytes".getBytes(StandardCharsets.UTF_8) : null;
    String path = "/" + bucket + (key == null ? "" : "/" + SigV4.encodePath(key));
    URI uri = URI.create(endpoint + path);
    String payloadHash = body == null ? SigV4.EMPTY_PAYLOAD_HASH : SigV4.sha256Hex(body);

    TreeMap<String, String> ours = new TreeMap<>();
    ours.put("host", S3Bucket.hostHeader(uri));
    if (contentType != null) {
      ours.put("content-type", contentType);
    }
    new SigV4(region)
        .sign(
            method,
            path,
            ours,
            payloadHash,
            NOW,
            new SigV4.Credentials(
                "AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", sessionToken));

    assertThat(ours.get("authorization"))
        .isEqualTo(
            sdkAuthorization(method, uri, contentType, body, payloadHash, sessionToken, region));
  }

  private static String sdkAuthorization(
      String method,
      URI uri,
      String contentType,
      byte[] body,
      String payloadHash,
      String sessionToken,
      String region) {
    SdkHttpRequest.Builder request =
        SdkHttpRequest.builder()
            .method(SdkHttpMethod.fromValue(method))
            .uri(uri)
            .putHeader("x-amz-content-sha256", payloadHash);
    if (contentType != null) {
      request.putHeader("Content-Type", contentType);
    }
    AwsCredentialsIdentity identity =
        sessionToken == null
            ? AwsCredentialsIdentity.create(
                "AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY")
            : AwsSessionCredentialsIdentity.create(
                "AKIDEXAMPLE", "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", sessionToken);
    return AwsV4HttpSigner.create()
        .sign(
            signing ->
                signing
                    .identity(identity)
                    .request(request.build())
                    .payload(body == null ? null : ContentStreamProvider.fromByteArray(body))
                    .putProperty(AwsV4HttpSigner.SERVICE_SIGNING_NAME, "s3")
                    .putProperty(AwsV4HttpSigner.REGION_NAME, region)
                    .putProperty(AwsV4HttpSigner.DOUBLE_URL_ENCODE, false)
                    .putProperty(AwsV4HttpSigner.NORMALIZE_PATH, false)
                    .putProperty(AwsV4HttpSigner.PAYLOAD_SIGNING_ENABLED, true)
                    .putProperty(AwsV4HttpSigner.SIGNING_CLOCK, Clock.fixed(NOW, ZoneOffset.UTC)))
        .request()
        .firstMatchingHeader("Authorization")
        .orElseThrow();
  }
}

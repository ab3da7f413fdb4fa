package io.cardgen.storage;

import java.net.URI;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The S3 bucket photos live in ({@code cardgen.s3.*}), bound by the gateway and the workers alike.
 *
 * @param endpoint an S3-compatible endpoint (S3Proxy, MinIO); null means AWS itself
 */
@ConfigurationProperties("cardgen.s3")
public record S3Properties(
    URI endpoint,
    @DefaultValue("us-east-1") String region,
    String accessKey,
    String secretKey,
    @DefaultValue("cardgen") String bucket) {

  /** Keeps the secret key out of logs and failure analysis output. */
  @Override
  public String toString() {
    return "S3Properties[endpoint=%s, region=%s, accessKey=%s, bucket=%s]"
        .formatted(endpoint, region, accessKey, bucket);
  }
}

package io.cardgen.storage;

import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.apache5.Apache5HttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.model.BucketAlreadyExistsException;
import software.amazon.awssdk.services.s3.model.BucketAlreadyOwnedByYouException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * Builds the AWS SDK's S3 client for a store. The services talk to S3 through {@link S3Bucket} (ADR
 * 0019); this client is the independent reference the tests read back with, and what an operator's
 * tool can use. Not a Spring bean.
 */
public final class S3Clients {

  /**
   * Connections to the store. The SDK's default of 50 queues photo reads and writes behind each
   * other once hundreds of jobs are in flight (issue 11); each idle connection costs one socket.
   */
  static final int MAX_CONNECTIONS = 256;

  private S3Clients() {}

  /** Path-style, so bucket names need no DNS: S3Proxy, MinIO and AWS all accept it. */
  public static S3Client create(S3Properties properties) {
    S3ClientBuilder builder =
        S3Client.builder()
            .region(Region.of(properties.region()))
            .forcePathStyle(true)
            .httpClientBuilder(Apache5HttpClient.builder().maxConnections(MAX_CONNECTIONS))
            // aws-chunked uploads sign every chunk separately: the profile of issue 11 put 3 % of
            // the JVM's CPU there for 1 KB photos. One hash over the whole body (photos are in
            // memory already) signs the same bytes with a fraction of the work.
            .serviceConfiguration(S3Configuration.builder().chunkedEncodingEnabled(false).build())
            // S3-compatible stores lag behind AWS's default checksum headers; send them only
            // where an operation requires them.
            .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
            .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
    if (properties.endpoint() != null) {
      builder.endpointOverride(properties.endpoint());
    }
    if (properties.accessKey() != null && !properties.accessKey().isBlank()) {
      builder.credentialsProvider(
          StaticCredentialsProvider.create(
              AwsBasicCredentials.create(properties.accessKey(), properties.secretKey())));
    } else {
      builder.credentialsProvider(DefaultCredentialsProvider.builder().build());
    }
    return builder.build();
  }

  /** Creates the bucket unless it exists; safe when several replicas start at once. */
  public static void createBucketIfMissing(S3Client s3, String bucket) {
    try {
      s3.headBucket(head -> head.bucket(bucket));
    } catch (S3Exception e) {
      if (e.statusCode() != 404) {
        throw e;
      }
      try {
        s3.createBucket(create -> create.bucket(bucket));
      } catch (BucketAlreadyOwnedByYouException | BucketAlreadyExistsException raced) {
        // another replica created it between our two calls
      }
    }
  }
}

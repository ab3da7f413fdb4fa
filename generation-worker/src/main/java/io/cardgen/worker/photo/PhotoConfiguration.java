package io.cardgen.worker.photo;

import java.util.UUID;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.SimpleAsyncTaskExecutor;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;

/**
 * Photo beans of the worker. The {@link S3Client} is not a bean of its own: the gateway builds one
 * too, and in the standalone JVM two beans of that type would make every injection ambiguous.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({PhotoProperties.class, S3Properties.class})
public class PhotoConfiguration {

  @Bean
  PhotoLinkFetcher photoLinkFetcher(PhotoProperties properties) {
    return new PhotoLinkFetcher(properties);
  }

  @Bean
  PhotoLinkBatch photoLinkBatch(PhotoLinkFetcher fetcher) {
    SimpleAsyncTaskExecutor threads = new SimpleAsyncTaskExecutor("photo-fetch-");
    threads.setVirtualThreads(Runtime.version().feature() >= 21);
    threads.setDaemon(true);
    return new PhotoLinkBatch(fetcher, threads);
  }

  @Bean
  LlmPhotoPreparer llmPhotoPreparer(PhotoProperties properties) {
    return new LlmPhotoPreparer(properties);
  }

  @Bean
  PhotoStorage photoStorage(S3Properties s3, PhotoProperties photos) {
    PhotoStorage storage =
        new PhotoStorage(s3Client(s3), s3.bucket(), photos.limits().maxBytes(), UUID::randomUUID);
    storage.createBucketIfMissing();
    return storage;
  }

  /** Path-style, so bucket names need no DNS: S3Proxy, MinIO and AWS all accept it. */
  static S3Client s3Client(S3Properties properties) {
    S3ClientBuilder builder =
        S3Client.builder()
            .region(Region.of(properties.region()))
            .forcePathStyle(true)
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
}

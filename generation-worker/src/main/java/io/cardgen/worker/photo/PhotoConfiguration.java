package io.cardgen.worker.photo;

import io.cardgen.storage.S3Bucket;
import io.cardgen.storage.S3Properties;
import io.cardgen.storage.StartStep;
import java.util.UUID;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.task.SimpleAsyncTaskExecutor;

/**
 * Photo beans of the worker. The S3 client is not a bean of its own: the gateway builds one too,
 * and in the standalone JVM two beans of that type would make every injection ambiguous.
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
    return new PhotoStorage(
        S3Bucket.open(s3, s3.bucket()), photos.limits().maxBytes(), UUID::randomUUID);
  }

  @Bean
  StartStep photoBucket(PhotoStorage storage) {
    return new StartStep(storage::createBucketIfMissing);
  }
}

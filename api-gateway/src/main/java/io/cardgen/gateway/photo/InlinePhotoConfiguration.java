package io.cardgen.gateway.photo;

import io.cardgen.common.net.NameLookups;
import io.cardgen.common.photo.ImageUrlDecoder;
import io.cardgen.common.stage.OldestFirstGate;
import io.cardgen.storage.S3Bucket;
import io.cardgen.storage.S3Properties;
import io.cardgen.storage.StartStep;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.UUID;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Photo beans of the gateway. The S3 client is not a bean of its own: the worker builds one too,
 * and in the standalone JVM two beans of that type would make every injection ambiguous.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties({
  InlinePhotoProperties.class,
  PhotoLinkProperties.class,
  S3Properties.class
})
public class InlinePhotoConfiguration {

  /** Intake lookups running at once, all accounts together. */
  static final int MAX_INTAKE_LOOKUPS = 64;

  /** Intake lookups running at once for one account. */
  static final int MAX_INTAKE_LOOKUPS_PER_ACCOUNT = 4;

  @Bean
  ImageUrlDecoder imageUrlDecoder(InlinePhotoProperties properties) {
    return new ImageUrlDecoder(properties.limits());
  }

  /**
   * The threads the intake check's lookups run on: as many as the intake has requests waiting for a
   * slow DNS server at once, few enough per account that one account's never-answering names leave
   * the others their places. Closed with the context.
   */
  @Bean(destroyMethod = "close")
  NameLookups intakeNameLookups() {
    return new NameLookups("intake-dns", MAX_INTAKE_LOOKUPS, MAX_INTAKE_LOOKUPS_PER_ACCOUNT);
  }

  @Bean
  PhotoLinkCheck photoLinkCheck(
      PhotoLinkProperties properties, NameLookups intakeNameLookups, OldestFirstGate gate) {
    return new PhotoLinkCheck(
        properties.privateHostAllowlist(),
        NameLookups.Lookup.SYSTEM,
        intakeNameLookups,
        properties.intakeLookupTimeout(),
        gate);
  }

  @Bean
  InlinePhotoStore inlinePhotoStore(S3Properties properties) {
    return new InlinePhotoStore(S3Bucket.open(properties, properties.bucket()), UUID::randomUUID);
  }

  @Bean
  JobPhotoRemoval jobPhotoRemoval(
      S3Properties properties,
      JdbcClient jdbc,
      MeterRegistry meters,
      @Value("${cardgen.photos.remove-with-jobs:true}") boolean enabled) {
    return new JobPhotoRemoval(
        jdbc, S3Bucket.open(properties, properties.bucket()), enabled, meters);
  }

  @Bean
  StartStep inlinePhotoBucket(InlinePhotoStore store) {
    return new StartStep(store::createBucketIfMissing);
  }
}

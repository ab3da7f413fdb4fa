package io.cardgen.worker.job;

import io.cardgen.testsupport.SettableClock;
import io.cardgen.testsupport.TestDatabase;
import io.cardgen.worker.batch.BatchProgress;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import javax.sql.DataSource;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.ComponentScan;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.annotation.EnableTransactionManagement;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The worker's storage side against a real PostgreSQL (TestDatabase, one per test class) with the
 * real schema: claims, completion and credit settlement, without Kafka or the LLM.
 */
@Configuration
@EnableTransactionManagement
@ComponentScan(
    basePackageClasses = BatchProgress.class,
    useDefaultFilters = false,
    includeFilters = {
      @ComponentScan.Filter(
          type = FilterType.REGEX,
          pattern = "io\\.cardgen\\.worker\\.batch\\.Batch(Progress|Events)")
    })
class JobStoreTestConfiguration {

  /** The real schema is in place once this bean exists. */
  @Bean(destroyMethod = "close")
  TestDatabase database() throws Exception {
    return TestDatabase.start();
  }

  @Bean
  DataSource dataSource(TestDatabase database) {
    return database.dataSource();
  }

  @Bean
  JdbcClient jdbcClient(TestDatabase database) {
    return database.jdbc();
  }

  @Bean
  PlatformTransactionManager transactionManager(DataSource dataSource) {
    return new DataSourceTransactionManager(dataSource);
  }

  @Bean
  TransactionTemplate transactionTemplate(PlatformTransactionManager transactionManager) {
    return new TransactionTemplate(transactionManager);
  }

  @Bean
  SettableClock clock() {
    return new SettableClock();
  }

  @Bean
  JobClaims jobClaims(JdbcClient jdbc) {
    return new JobClaims(jdbc);
  }

  @Bean
  JobCompletion jobCompletion(
      JdbcClient jdbc, BatchProgress batches, TransactionTemplate transaction, Clock clock) {
    return new JobCompletion(jdbc, batches, transaction, clock);
  }

  @Bean
  OrphanedPhotos orphanedPhotos(JdbcClient jdbc) {
    return new OrphanedPhotos(jdbc, true);
  }

  @Bean
  MeterRegistry meterRegistry() {
    return new SimpleMeterRegistry();
  }

  @Bean
  BatchClaims batchClaims(JdbcClient jdbc) {
    return new BatchClaims(jdbc);
  }

  @Bean
  JobFixtures jobFixtures(JdbcClient jdbc) {
    return new JobFixtures(jdbc);
  }
}

package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.testsupport.Postgres;
import io.cardgen.testsupport.TestDatabase;
import java.sql.Types;
import java.util.UUID;
import liquibase.integration.spring.SpringLiquibase;
import org.junit.jupiter.api.Test;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

/** The count the standalone asks before it would make a new sealing key, on a real PostgreSQL. */
class SealedSecretsInDatabaseIT {

  @Test
  void countsAccountsWithASealedSecretAndNoneInADatabaseNotYetCreated() throws Exception {
    try (Postgres postgres = Postgres.start()) {
      assertThat(count(postgres)).as("no schema yet: a first start").isZero();

      DriverManagerDataSource data =
          new DriverManagerDataSource(postgres.jdbcUrl(), postgres.username(), postgres.password());
      SpringLiquibase liquibase = new SpringLiquibase();
      liquibase.setDataSource(data);
      liquibase.setChangeLog(TestDatabase.CHANGELOG);
      liquibase.afterPropertiesSet();
      JdbcClient jdbc = JdbcClient.create(data);
      account(jdbc, "whsec_plain", null);
      assertThat(count(postgres)).as("plain secrets open with any key").isZero();

      account(jdbc, "sealed:v1:k1:AAAA", null);
      account(jdbc, "whsec_plain", "sealed:v1:k1:BBBB");
      assertThat(count(postgres)).isEqualTo(2);
    }
  }

  private static long count(Postgres postgres) throws Exception {
    return SealedSecretsInDatabase.count(
        postgres.jdbcUrl(), postgres.username(), postgres.password());
  }

  private static void account(JdbcClient jdbc, String secret, String previous) {
    jdbc.sql(
            """
            INSERT INTO accounts (id, name, api_key_hash, balance, webhook_secret,
                                  webhook_previous_secret, webhook_previous_valid_until)
            VALUES (:id, 'test', :hash, 0, :secret, :previous,
                    CASE WHEN :previous IS NULL THEN NULL ELSE now() END)
            """)
        .param("id", UUID.randomUUID())
        .param("hash", UUID.randomUUID().toString())
        .param("secret", secret)
        .param("previous", previous, Types.VARCHAR)
        .update();
  }
}

package io.cardgen.gateway.auth;

import io.cardgen.common.request.ApiRevision;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class AccountRepository {

  private static final String SELECT =
      "SELECT id, name, plan_id, api_revision, balance, reserved FROM accounts";
  private static final String INSERT =
      """
      INSERT INTO accounts (id, name, plan_id, api_key_hash)
      VALUES (:id, :name, :planId, :keyHash)
      """;

  private final JdbcClient jdbc;

  AccountRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  public void insert(UUID id, String name, Long planId, String apiKeyHash) {
    jdbc.sql(INSERT)
        .param("id", id)
        .param("name", name)
        .param("planId", planId)
        .param("keyHash", apiKeyHash)
        .update();
  }

  public Optional<Account> findById(UUID id) {
    return jdbc.sql(SELECT + " WHERE id = :id").param("id", id).query(this::map).optional();
  }

  public Optional<Account> findByApiKeyHash(String hash) {
    return jdbc.sql(SELECT + " WHERE api_key_hash = :hash")
        .param("hash", hash)
        .query(this::map)
        .optional();
  }

  public Optional<Account> findByName(String name) {
    return jdbc.sql(SELECT + " WHERE name = :name ORDER BY created_at LIMIT 1")
        .param("name", name)
        .query(this::map)
        .optional();
  }

  public void replaceApiKeyHash(UUID id, String apiKeyHash) {
    jdbc.sql("UPDATE accounts SET api_key_hash = :hash WHERE id = :id")
        .param("hash", apiKeyHash)
        .param("id", id)
        .update();
  }

  public void updatePlan(UUID id, Long planId) {
    jdbc.sql("UPDATE accounts SET plan_id = :planId WHERE id = :id")
        .param("planId", planId)
        .param("id", id)
        .update();
  }

  public void updateRevision(UUID id, ApiRevision revision) {
    jdbc.sql("UPDATE accounts SET api_revision = :revision WHERE id = :id")
        .param("revision", revision.wireName())
        .param("id", id)
        .update();
  }

  private Account map(ResultSet row, int rowNumber) throws SQLException {
    long planId = row.getLong("plan_id");
    return new Account(
        row.getObject("id", UUID.class),
        row.getString("name"),
        row.wasNull() ? null : planId,
        ApiRevision.fromWireName(row.getString("api_revision")).orElseThrow(),
        row.getLong("balance"),
        row.getLong("reserved"));
  }
}

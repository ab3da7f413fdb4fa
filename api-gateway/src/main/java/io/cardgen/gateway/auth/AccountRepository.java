package io.cardgen.gateway.auth;

import io.cardgen.common.request.ApiRevision;
import io.cardgen.gateway.plan.Plan;
import io.cardgen.gateway.plan.PlanRepository;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class AccountRepository {

  private static final String SELECT =
      "SELECT id, name, plan_id, api_revision, balance, reserved FROM accounts";

  /**
   * The account whose key hash is {@code :hash}, with its plan's columns (all null when it has
   * none), as {@link #readCaller} reads them. Public so that a statement that must also act on the
   * caller can embed it (the rate limit's, {@code RateLimiter}).
   */
  public static final String SELECT_CALLER =
      """
      SELECT a.id, a.name, a.plan_id, a.api_revision, a.balance, a.reserved,
             p.name AS plan_name, p.api_access, p.max_photos, p.max_length, p.features_count,
             p.audience, p.headers_count, p.slogans_count, p.creativity, p.keywords,
             p.rate_limit_per_minute
      FROM accounts a LEFT JOIN plans p ON p.id = a.plan_id
      WHERE a.api_key_hash = :hash
      """;

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

  /** The key's account and its plan, in one round trip (it runs for every public request). */
  public Optional<Caller> findCallerByApiKeyHash(String hash) {
    return jdbc.sql(SELECT_CALLER)
        .param("hash", hash)
        .query((row, rowNumber) -> readCaller(row))
        .optional();
  }

  /**
   * Up to {@code limit} accounts after {@code after} in id order (null: from the first), only those
   * named {@code name} when it is not null: the admin list's keyset pages.
   */
  public List<Account> page(String name, UUID after, int limit) {
    return jdbc.sql(
            SELECT
                + """
                 WHERE (CAST(:name AS text) IS NULL OR name = :name)
                   AND (CAST(:after AS uuid) IS NULL OR id > :after)
                 ORDER BY id LIMIT :limit
                """)
        .param("name", name)
        .param("after", after)
        .param("limit", limit)
        .query(this::map)
        .list();
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

  /** The caller from a row of {@link #SELECT_CALLER}'s columns. */
  public static Caller readCaller(ResultSet row) throws SQLException {
    Account account = read(row);
    Optional<Plan> plan =
        account.planId() == null
            ? Optional.empty()
            : Optional.of(PlanRepository.read(row, "plan_id", "plan_name"));
    return new Caller(account, plan);
  }

  private Account map(ResultSet row, int rowNumber) throws SQLException {
    return read(row);
  }

  private static Account read(ResultSet row) throws SQLException {
    return new Account(
        row.getObject("id", UUID.class),
        row.getString("name"),
        row.getObject("plan_id", Long.class),
        ApiRevision.fromWireName(row.getString("api_revision")).orElseThrow(),
        row.getLong("balance"),
        row.getLong("reserved"));
  }
}

package io.cardgen.gateway.plan;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
public class PlanRepository {

  private static final String INSERT =
      """
      INSERT INTO plans (name, api_access, max_photos, max_length, features_count, audience,
                         headers_count, slogans_count, creativity, keywords, rate_limit_per_minute)
      VALUES (:name, :apiAccess, :maxPhotos, :maxLength, :featuresCount, :audience,
              :headersCount, :slogansCount, :creativity, :keywords, :rateLimitPerMinute)
      ON CONFLICT (name) DO NOTHING
      RETURNING id
      """;
  private static final String UPDATE =
      """
      UPDATE plans SET api_access = :apiAccess, max_photos = :maxPhotos, max_length = :maxLength,
                       features_count = :featuresCount, audience = :audience,
                       headers_count = :headersCount, slogans_count = :slogansCount,
                       creativity = :creativity, keywords = :keywords,
                       rate_limit_per_minute = :rateLimitPerMinute
      WHERE id = :id
      """;
  private static final String SELECT =
      """
      SELECT id, name, api_access, max_photos, max_length, features_count, audience,
             headers_count, slogans_count, creativity, keywords, rate_limit_per_minute
      FROM plans
      """;

  private final JdbcClient jdbc;

  PlanRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Creates the plan; empty when a plan of that name already exists. */
  public Optional<Plan> create(Plan plan) {
    return jdbc.sql(INSERT)
        .paramSource(plan)
        .query(Long.class)
        .optional()
        .map(id -> findById(id).orElseThrow());
  }

  /** Every plan, by name. */
  public List<Plan> all() {
    return jdbc.sql(SELECT + " ORDER BY name").query(PlanRepository::map).list();
  }

  /** The plan, its row locked until the transaction ends: for a change read, then written. */
  public Optional<Plan> findByNameForUpdate(String name) {
    return jdbc.sql(SELECT + " WHERE name = :name FOR UPDATE")
        .param("name", name)
        .query(PlanRepository::map)
        .optional();
  }

  /** Writes every option of {@code plan} (found by its id) but its name. */
  public Plan update(Plan plan) {
    jdbc.sql(UPDATE).paramSource(plan).update();
    return findById(plan.id()).orElseThrow();
  }

  public Optional<Plan> findById(long id) {
    return jdbc.sql(SELECT + " WHERE id = :id")
        .param("id", id)
        .query(PlanRepository::map)
        .optional();
  }

  public Optional<Plan> findByName(String name) {
    return jdbc.sql(SELECT + " WHERE name = :name")
        .param("name", name)
        .query(PlanRepository::map)
        .optional();
  }

  /**
   * A plan from a row holding the plan's columns, its id and name under the given labels (a query
   * joining plans to accounts renames them).
   */
  public static Plan read(ResultSet row, String idColumn, String nameColumn) throws SQLException {
    return new Plan(
        row.getLong(idColumn),
        row.getString(nameColumn),
        row.getBoolean("api_access"),
        row.getInt("max_photos"),
        row.getInt("max_length"),
        row.getInt("features_count"),
        row.getBoolean("audience"),
        row.getInt("headers_count"),
        row.getInt("slogans_count"),
        row.getBoolean("creativity"),
        row.getBoolean("keywords"),
        row.getInt("rate_limit_per_minute"));
  }

  private static Plan map(ResultSet row, int rowNumber) throws SQLException {
    return read(row, "id", "name");
  }
}

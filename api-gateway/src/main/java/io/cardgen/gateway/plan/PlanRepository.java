package io.cardgen.gateway.plan;

import java.sql.ResultSet;
import java.sql.SQLException;
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

package io.cardgen.gateway.plan;

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
    return jdbc.sql(SELECT + " WHERE id = :id").param("id", id).query(Plan.class).optional();
  }

  public Optional<Plan> findByName(String name) {
    return jdbc.sql(SELECT + " WHERE name = :name")
        .param("name", name)
        .query(Plan.class)
        .optional();
  }
}

package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationContext;

/**
 * A database failure must not carry a statement's parameters or a row's values into the logs: both
 * services' pools set the driver's {@code logServerErrorDetail=false}.
 */
class DatabaseErrorDetailIT {

  private static final String SECRET = "https://photos.example/a.jpg?X-Amz-Signature=deadbeef";

  @Test
  void aFailedBatchInsertDoesNotQuoteItsParametersInTheGateway() throws Exception {
    assertFailureHidesParameters(SharedStack.get().app.gateway());
  }

  @Test
  void aFailedBatchInsertDoesNotQuoteItsParametersInTheWorker() throws Exception {
    assertFailureHidesParameters(SharedStack.get().app.worker());
  }

  /** A server gone silent is found by the kernel's keepalive, in both services' pools. */
  @Test
  void bothPoolsKeepTheirConnectionsAlive() throws Exception {
    for (ApplicationContext context :
        List.of(SharedStack.get().app.gateway(), SharedStack.get().app.worker())) {
      HikariDataSource pool = context.getBean(DataSource.class).unwrap(HikariDataSource.class);
      assertThat(pool.getDataSourceProperties().getProperty("tcpKeepAlive")).isEqualTo("true");
    }
  }

  private static void assertFailureHidesParameters(ApplicationContext context) throws Exception {
    DataSource pool = context.getBean(DataSource.class);
    try (Connection connection = pool.getConnection()) {
      try (Statement ddl = connection.createStatement()) {
        ddl.execute("create temporary table detail_probe (link text primary key)");
      }
      try (PreparedStatement insert =
          connection.prepareStatement("insert into detail_probe (link) values (?)")) {
        // The same key twice: the second entry fails, and PgJDBC would quote it with its value.
        insert.setString(1, SECRET);
        insert.addBatch();
        insert.setString(1, SECRET);
        insert.addBatch();
        assertThatThrownBy(insert::executeBatch)
            .isInstanceOf(SQLException.class)
            .satisfies(
                failure ->
                    assertThat(String.join("\n", messages(failure)))
                        .contains("detail_probe", "duplicate key")
                        .doesNotContain("deadbeef"));
      }
    }
  }

  /** Every message a log line could show: the causes, and the driver's chained next exceptions. */
  private static List<String> messages(Throwable failure) {
    List<String> messages = new ArrayList<>();
    List<Throwable> pending = new ArrayList<>(List.of(failure));
    while (!pending.isEmpty() && messages.size() < 20) {
      Throwable next = pending.remove(0);
      messages.add(String.valueOf(next));
      if (next.getCause() != null) {
        pending.add(next.getCause());
      }
      if (next instanceof SQLException sql && sql.getNextException() != null) {
        pending.add(sql.getNextException());
      }
    }
    return messages;
  }
}

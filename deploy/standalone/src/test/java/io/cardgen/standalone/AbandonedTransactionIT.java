package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.context.ApplicationContext;

/**
 * A transaction left open by a client that is gone must not hold its account's cards for the two
 * hours the kernel's keepalive takes to notice: both services' pools ask PostgreSQL to end a
 * session left idle inside a transaction (ADR 0060).
 */
class AbandonedTransactionIT {

  @Test
  void bothPoolsAskTheServerToEndIdleTransactionsAfterAMinute() throws Exception {
    for (ApplicationContext context :
        List.of(SharedStack.get().app.gateway(), SharedStack.get().app.worker())) {
      try (Connection connection = context.getBean(DataSource.class).getConnection();
          Statement show = connection.createStatement();
          ResultSet setting = show.executeQuery("SHOW idle_in_transaction_session_timeout")) {
        assertThat(setting.next()).isTrue();
        assertThat(setting.getString(1)).isEqualTo("1min");
      }
    }
  }

  /**
   * The abandoned transaction holds the account's row, which the next card's reservation must lock:
   * without the server's timeout that card would wait as long as the transaction stays open.
   */
  @Test
  void anAccountHeldByAnAbandonedTransactionTakesCardsOnceTheServerEndsIt() throws Exception {
    TestStack stack = SharedStack.get();
    Tenants.Tenant tenant = Tenants.account(stack, Tenants.aFullPlan().create(stack), 5);
    SharedStack.Replica replica =
        SharedStack.extraGateway("--cardgen.database.idle-in-transaction-timeout=1s");
    try (Connection abandoned = replica.context().getBean(DataSource.class).getConnection()) {
      abandoned.setAutoCommit(false);
      try (PreparedStatement lock =
          abandoned.prepareStatement("SELECT balance FROM accounts WHERE id = ? FOR UPDATE")) {
        lock.setObject(1, tenant.id());
        lock.executeQuery().close();
      }

      TestStack.Response card =
          stack.generate(tenant.apiKey(), "abandoned-transaction", RequestBodies.aRequest().json());

      assertThat(card.status()).as(card.toString()).isEqualTo(200);
      assertThat(stack.account(tenant.id()).get("balance").asLong()).isEqualTo(4);
      assertThatThrownBy(() -> abandoned.createStatement().execute("SELECT 1"))
          .as("the server ended the abandoned session")
          .isInstanceOf(SQLException.class);
    } finally {
      replica.context().close();
    }
  }
}

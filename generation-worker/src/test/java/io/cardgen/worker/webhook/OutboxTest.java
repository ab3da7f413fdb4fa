package io.cardgen.worker.webhook;

import static io.cardgen.worker.webhook.WebhookFixtures.aPayload;

import io.cardgen.common.webhook.WebhookSecret;
import io.cardgen.testsupport.TestDatabase;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * The footing of the delivery tests: one real PostgreSQL per test class, an empty outbox and a new
 * {@link WebhookTestBed} per test, so tests never see each other's rows.
 */
abstract class OutboxTest {

  static TestDatabase database;
  static WebhookFixtures fixtures;

  WebhookTestBed bed;

  @BeforeAll
  static void startDatabase() throws Exception {
    database = TestDatabase.start();
    fixtures = new WebhookFixtures(database.jdbc());
  }

  @AfterAll
  static void stopDatabase() throws Exception {
    database.close();
  }

  @BeforeEach
  void newTestBed() {
    fixtures.clearOutbox();
    bed = new WebhookTestBed(database.jdbc());
  }

  @AfterEach
  void closeTestBed() throws Exception {
    bed.close();
  }

  UUID anAccountWithASecret() {
    return fixtures.anAccount(WebhookSecret.generate().value());
  }

  /** A batch's event for {@code account}, due now. */
  UUID aDueDelivery(UUID account, String url) {
    return fixtures.aPendingDelivery(
        account, url, aPayload(UUID.randomUUID()), bed.clock.instant());
  }
}

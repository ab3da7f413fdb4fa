package io.cardgen.worker.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.webhook.SecretSealing;
import io.cardgen.common.webhook.WebhookSecret;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.time.Clock;
import java.util.Base64;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

/** The worker's sealing settings as Spring binds them; no database is reached. */
class WebhookSecretSettingsTest {

  private final ApplicationContextRunner context =
      new ApplicationContextRunner()
          .withUserConfiguration(WebhookConfiguration.class)
          .withBean(JdbcClient.class, () -> JdbcClient.create(new SimpleDriverDataSource()))
          .withBean(MeterRegistry.class, SimpleMeterRegistry::new)
          .withBean(Clock.class, Clock::systemUTC)
          .withPropertyValues("cardgen.webhooks.enabled=false");

  @Test
  void aMalformedKeyStopsTheStartNamingTheSettingAndNeverItsValue() {
    String malformed = Base64.getEncoder().encodeToString("a key of twenty bytes".getBytes());
    context
        .withPropertyValues("cardgen.webhooks.sealing-key=" + malformed)
        .run(
            started -> {
              assertThat(started).hasFailed();
              assertThat(started.getStartupFailure())
                  .rootCause()
                  .hasMessageContaining("CARDGEN_WEBHOOKS_SEALING_KEY")
                  .hasMessageContaining("decodes to 21 bytes");
              for (Throwable cause = started.getStartupFailure();
                  cause != null;
                  cause = cause.getCause()) {
                assertThat(String.valueOf(cause.getMessage())).doesNotContain(malformed);
              }
            });
  }

  @Test
  void bindsTheKeyAndCommaSeparatedPreviousKeysAndPrintsNeither() {
    String current = WebhookTestBed.aSealingKey();
    String older = WebhookTestBed.aSealingKey();
    String oldest = WebhookTestBed.aSealingKey();
    UUID account = UUID.randomUUID();
    WebhookSecret secret = WebhookSecret.generate();
    String sealedLongAgo = SecretSealing.fromSettings(oldest, null).seal(account, secret);
    context
        .withPropertyValues(
            "cardgen.webhooks.sealing-key=" + current,
            "cardgen.webhooks.previous-sealing-keys=" + older + "," + oldest)
        .run(
            started -> {
              SecretSealing sealing = started.getBean(SecretSealing.class);
              assertThat(sealing.seals()).isTrue();
              assertThat(sealing.open(account, sealedLongAgo)).isEqualTo(secret);
              assertThat(started.getBean(WebhookSecretProperties.class).toString())
                  .doesNotContain(current, older, oldest);
            });
  }

  @Test
  void withoutAKeySecretsAreKeptPlain() {
    context.run(started -> assertThat(started.getBean(SecretSealing.class).seals()).isFalse());
  }
}

package io.cardgen.gateway.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.admin.AdminBearerToken;
import io.cardgen.gateway.web.AdminPortProperties;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Configuration;

/** The gateway's start with the admin token as configured: too short, it does not start. */
class AdminAccessConfigurationTest {

  private static final String SHORT = "s3cr3t-admin";

  @Configuration(proxyBeanMethods = false)
  @EnableConfigurationProperties(AdminPortProperties.class)
  static class Properties {}

  private final ApplicationContextRunner gateway =
      new ApplicationContextRunner()
          .withUserConfiguration(Properties.class, AdminAccessConfiguration.class);

  @Test
  void aTokenShorterThan32CharactersStopsTheStartWithoutShowingIt() {
    gateway
        .withPropertyValues("cardgen.admin.token=" + SHORT)
        .run(
            context -> {
              assertThat(context).hasFailed();
              Throwable failure = context.getStartupFailure();
              assertThat(failure)
                  .rootCause()
                  .isInstanceOf(IllegalStateException.class)
                  .hasMessageContaining("CARDGEN_ADMIN_TOKEN")
                  .hasMessageContaining("at least 32");
              for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
                assertThat(String.valueOf(cause.getMessage())).doesNotContain(SHORT);
              }
            });
  }

  @Test
  void aLongEnoughTokenStarts() {
    gateway
        .withPropertyValues("cardgen.admin.token=" + "t".repeat(32))
        .run(
            context ->
                assertThat(
                        context.getBean(AdminBearerToken.class).admits("Bearer " + "t".repeat(32)))
                    .isTrue());
  }

  @Test
  void noTokenStartsWithTheAdminApiShut() {
    gateway.run(
        context -> assertThat(context.getBean(AdminBearerToken.class).configured()).isFalse());
  }
}

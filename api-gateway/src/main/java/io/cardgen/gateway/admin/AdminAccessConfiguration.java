package io.cardgen.gateway.admin;

import io.cardgen.common.admin.AdminBearerToken;
import io.cardgen.gateway.web.AdminPortProperties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The admin token the admin API ({@link AdminToken}) and the actuator ({@link ActuatorToken})
 * check. A token shorter than {@value AdminBearerToken#MIN_LENGTH} characters stops the gateway
 * here, at start; none at all keeps both shut.
 */
@Configuration(proxyBeanMethods = false)
class AdminAccessConfiguration {

  private static final Logger log = LoggerFactory.getLogger(AdminAccessConfiguration.class);

  @Bean
  AdminBearerToken adminBearerToken(AdminPortProperties properties) {
    AdminBearerToken token = AdminBearerToken.of(properties.token());
    if (!token.configured()) {
      log.warn(
          "No admin token configured (CARDGEN_ADMIN_TOKEN): the admin API refuses every call, and"
              + " the actuator answers only health and prometheus");
    }
    return token;
  }
}

package io.cardgen.gateway.web;

import org.apache.catalina.connector.Connector;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * A second Tomcat connector for the management port. One servlet context serves both ports and
 * {@link PortRouting} keeps each path on its port; this is simpler than Spring Boot's separate
 * management child context, which cannot host ordinary controllers such as the admin API.
 */
@Component
public class AdminConnector implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

  private final Connector connector;

  AdminConnector(AdminPortProperties properties) {
    this.connector = new Connector(TomcatServletWebServerFactory.DEFAULT_PROTOCOL);
    this.connector.setPort(properties.port());
    if (!properties.address().isEmpty()) {
      // Tomcat's connector takes the address as a property and resolves it when it binds.
      this.connector.setProperty("address", properties.address());
    }
    this.connector.setAllowTrace(false);
    // Spring Boot's server.tomcat.* settings reach the public connector only: the same bounds on
    // slow and idle clients here (docs/operations.md, "Slow clients"), and fewer connections than
    // probes, scrapes and operators ever need.
    this.connector.setProperty("connectionTimeout", "20000");
    this.connector.setProperty("keepAliveTimeout", "75000");
    this.connector.setProperty("maxConnections", "500");
    this.connector.setMaxPostSize(NoFormBodies.MAX_POST_SIZE);
  }

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    factory.addAdditionalConnectors(connector);
  }

  /** The port actually bound (differs from the configured one when that was 0). */
  public int localPort() {
    return connector.getLocalPort();
  }
}

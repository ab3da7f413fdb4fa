package io.cardgen.worker.management;

import io.cardgen.common.web.JsonErrorReportValve;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * The worker port answers what Tomcat refuses by itself (a malformed request line, a bad HTTP
 * version, oversized headers) in the gateway's envelope, not Tomcat's HTML page with its version;
 * and it refuses TRACE, which would echo the admin token's header.
 */
@Component
class TomcatErrorAnswers implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    factory.addConnectorCustomizers(connector -> connector.setAllowTrace(false));
    factory.addContextCustomizers(JsonErrorReportValve::installFor);
  }
}

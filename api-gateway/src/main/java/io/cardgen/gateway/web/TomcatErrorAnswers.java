package io.cardgen.gateway.web;

import io.cardgen.common.web.JsonErrorReportValve;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/** Installs {@link JsonErrorReportValve} on the public and admin ports and refuses TRACE. */
@Component
class TomcatErrorAnswers implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    // Tomcat's default, stated: TRACE would echo the request's headers (cookies, the API key).
    factory.addConnectorCustomizers(connector -> connector.setAllowTrace(false));
    factory.addContextCustomizers(JsonErrorReportValve::installFor);
  }
}

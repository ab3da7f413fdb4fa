package io.cardgen.gateway.web;

import org.apache.catalina.core.StandardHost;
import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * Installs {@link JsonErrorReportValve} as the host's error report valve and refuses TRACE. The
 * host creates that valve when it starts, after the context is prepared, so naming the class here
 * is enough.
 */
@Component
class TomcatErrorAnswers implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    // Tomcat's default, stated: TRACE would echo the request's headers (cookies, the API key).
    factory.addConnectorCustomizers(connector -> connector.setAllowTrace(false));
    factory.addContextCustomizers(
        context -> {
          if (context.getParent() instanceof StandardHost host) {
            host.setErrorReportValveClass(JsonErrorReportValve.class.getName());
          }
        });
  }
}

package io.cardgen.gateway.web;

import org.springframework.boot.tomcat.servlet.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.stereotype.Component;

/**
 * No API takes a form body, but Tomcat reads one into the heap (up to 2 MB by default) as soon as
 * any parameter is asked for: before the key is checked, outside the intake memory and the upload
 * rate. A review held 2 MB a connection with keyless form-encoded {@code POST /api/batches}. With
 * no room for one, such a body is left unread and its parameters unparsed (a 400). Set here rather
 * than as {@code server.tomcat.max-http-form-post-size}, which Spring Boot ignores when it is 0;
 * {@link AdminConnector} sets it on the admin port.
 */
@Component
class NoFormBodies implements WebServerFactoryCustomizer<TomcatServletWebServerFactory> {

  static final int MAX_POST_SIZE = 0;

  @Override
  public void customize(TomcatServletWebServerFactory factory) {
    factory.addConnectorCustomizers(connector -> connector.setMaxPostSize(MAX_POST_SIZE));
  }
}

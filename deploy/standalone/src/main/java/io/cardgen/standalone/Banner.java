package io.cardgen.standalone;

import io.cardgen.gateway.admin.AccountView;
import io.cardgen.gateway.web.AdminConnector;
import org.springframework.context.ConfigurableApplicationContext;

/** What the standalone prints once it is ready: where it listens, the keys, a first request. */
final class Banner {

  /** A valid 1×1 PNG, so the example needs no file of the reader's. */
  static final String SAMPLE_PHOTO =
      "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk"
          + "+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

  private Banner() {}

  static String curlExample(int publicPort, String apiKey) {
    return """
        curl -s http://localhost:%d/api/text/product \\
          -H 'Authorization: Bearer %s' \\
          -H 'Content-Type: application/json' \\
          -H 'Idempotency-Key: demo-1' \\
          -d '{"image_url": "%s",
               "short_description": "Керамическая кружка ручной работы, глазурь цвета морской волны",
               "style": "standard", "length": 300, "headers": true, "slogans": true}'"""
        .formatted(publicPort, apiKey, SAMPLE_PHOTO);
  }

  static String render(
      ConfigurableApplicationContext gateway,
      AccountView demo,
      String adminToken,
      boolean tokenGenerated) {
    int publicPort = Integer.parseInt(gateway.getEnvironment().getProperty("local.server.port"));
    int adminPort = gateway.getBean(AdminConnector.class).localPort();
    String token =
        tokenGenerated
            ? "Admin token (generated; set CARDGEN_ADMIN_TOKEN to choose one): " + adminToken
            : "Admin token: as given (CARDGEN_ADMIN_TOKEN or --cardgen.admin.token)";
    return """

        ================================================================================
        cardgen standalone is ready
          Public API:  http://localhost:%d/api/text/product
          Admin API:   http://localhost:%d/admin/...   health: http://localhost:%d/actuator/health
          %s
          Demo account %s (plan %s, balance %d), API key: %s

        Try it:
        %s
        ================================================================================
        """
        .formatted(
            publicPort,
            adminPort,
            adminPort,
            token,
            demo.id(),
            demo.plan(),
            demo.balance(),
            demo.apiKey(),
            curlExample(publicPort, demo.apiKey()));
  }
}

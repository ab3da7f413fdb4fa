package io.cardgen.gateway.openapi;

import java.io.IOException;
import java.io.InputStream;
import org.springframework.core.io.ClassPathResource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * Serves the OpenAPI 3.1 description of the public endpoint on the public port, so that clients can
 * be generated from what the service says about itself. The document is written by hand next to the
 * spec and checked against real answers by {@code OpenApiIT}.
 */
@RestController
class OpenApiController {

  static final String DOCUMENT = "openapi/product-card-api.json";

  private final byte[] document;

  OpenApiController() throws IOException {
    try (InputStream in = new ClassPathResource(DOCUMENT).getInputStream()) {
      this.document = in.readAllBytes();
    }
  }

  @GetMapping("/openapi.json")
  ResponseEntity<byte[]> document() {
    return ResponseEntity.ok()
        .contentType(MediaType.APPLICATION_JSON)
        .cacheControl(CacheControl.noCache())
        .body(document);
  }
}

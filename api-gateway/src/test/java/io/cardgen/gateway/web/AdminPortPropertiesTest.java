package io.cardgen.gateway.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AdminPortPropertiesTest {

  @Test
  void theTokenNeverAppearsInTheTextForm() {
    assertThat(new AdminPortProperties(8081, "", "admin-token-123").toString())
        .doesNotContain("admin-token-123")
        .contains("8081", "(set)");
    assertThat(new AdminPortProperties(0, "127.0.0.1", null).toString())
        .contains("(none)", "127.0.0.1");
  }
}

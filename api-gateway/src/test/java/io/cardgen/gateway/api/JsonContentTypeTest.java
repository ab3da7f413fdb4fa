package io.cardgen.gateway.api;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonContentTypeTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "application/json",
        "application/json;charset=utf-8",
        "application/json; charset=UTF-8",
        "application/json; charset=\"utf-8\"",
        "APPLICATION/JSON"
      })
  void acceptsJsonInUtf8(String type) {
    assertThat(JsonContentType.accepts(type)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "",
        "text/plain",
        "text/json",
        "application/json; charset=utf-16",
        "application/json; charset=iso-8859-1",
        "application/json; charset=utf-8; boundary=x",
        "application/problem+json",
        "application/x-ndjson",
        "application/*",
        "*/*",
        "garbage"
      })
  void refusesEverythingElse(String type) {
    assertThat(JsonContentType.accepts(type)).isFalse();
  }

  @org.junit.jupiter.api.Test
  void refusesAMissingType() {
    assertThat(JsonContentType.accepts(null)).isFalse();
  }
}

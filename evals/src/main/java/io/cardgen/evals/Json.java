package io.cardgen.evals;

import tools.jackson.databind.json.JsonMapper;

final class Json {

  static final JsonMapper MAPPER = JsonMapper.builder().build();

  private Json() {}
}

package io.cardgen.standalone.simulator;

import tools.jackson.databind.json.JsonMapper;

/** The simulator's one JSON mapper; plain OpenAI wire names, so no naming strategy. */
final class Json {

  static final JsonMapper MAPPER = JsonMapper.builder().build();

  private Json() {}
}

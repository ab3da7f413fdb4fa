package io.cardgen.standalone.simulator;

/** A request that is JSON but not a chat completion request; answered with HTTP 400. */
final class InvalidChatRequest extends RuntimeException {

  InvalidChatRequest(String message) {
    super(message);
  }
}

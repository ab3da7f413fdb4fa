package io.cardgen.common.error;

import java.util.LinkedHashMap;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The envelope of spec §2.3 for a failure, and the code of a status the HTTP layer chose on its
 * own. The gateway's and the worker's ports answer through here, so a status carries the same code
 * and Russian message whichever process and layer noticed the problem.
 */
public final class ErrorEnvelope {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ErrorEnvelope() {}

  /** The code of a status Tomcat or Spring chose on their own; unknown ones by their class. */
  public static ErrorCode codeOf(int status) {
    return switch (status) {
      case 404 -> ErrorCode.NOT_FOUND;
      case 405 -> ErrorCode.METHOD_NOT_ALLOWED;
      case 413 -> ErrorCode.PAYLOAD_TOO_LARGE;
      case 414 -> ErrorCode.URI_TOO_LONG;
      case 415 -> ErrorCode.UNSUPPORTED_MEDIA_TYPE;
      case 431 -> ErrorCode.REQUEST_HEADER_TOO_LARGE;
      case 501 -> ErrorCode.NOT_IMPLEMENTED;
      case 503 -> ErrorCode.GENERATION_UNAVAILABLE;
      case 505 -> ErrorCode.HTTP_VERSION_NOT_SUPPORTED;
      // Spec §7: "500 or 503 | generation_unavailable | Internal unavailability".
      default -> status >= 500 ? ErrorCode.GENERATION_UNAVAILABLE : ErrorCode.BAD_REQUEST;
    };
  }

  /** The envelope's fields, in the spec's order. */
  public static Map<String, Object> of(ErrorCode code, String message) {
    Map<String, Object> envelope = new LinkedHashMap<>();
    envelope.put("success", false);
    envelope.put("error", message);
    envelope.put("code", code.code());
    envelope.put("message", message);
    return envelope;
  }

  /** {@link #of} with the code's own Russian message. */
  public static Map<String, Object> of(ErrorCode code) {
    return of(code, Messages.of(code));
  }

  /** The envelope as JSON text. */
  public static String json(ErrorCode code, String message) {
    return JSON.writeValueAsString(of(code, message));
  }
}

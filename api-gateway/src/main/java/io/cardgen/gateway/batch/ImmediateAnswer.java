package io.cardgen.gateway.batch;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;

/**
 * A JSON answer of an endpoint whose declared body is a stream, written at once on the request's
 * thread. Returned as a {@link StreamingResponseBody}, Spring MVC would run it on the streams'
 * executor like a stream, so a refusal (429, or the 503 that says every stream slot is taken) would
 * wait behind the very streams it refuses to add to.
 */
final class ImmediateAnswer {

  private ImmediateAnswer() {}

  /**
   * Writes {@code answer}'s status and headers with {@code json} as its body.
   *
   * @return null, which tells Spring MVC that the answer is written
   */
  static ResponseEntity<StreamingResponseBody> write(
      HttpServletResponse response, ResponseEntity<?> answer, byte[] json) throws IOException {
    response.setStatus(answer.getStatusCode().value());
    for (Map.Entry<String, List<String>> header : answer.getHeaders().headerSet()) {
      for (String value : header.getValue()) {
        response.addHeader(header.getKey(), value);
      }
    }
    response.setContentType(MediaType.APPLICATION_JSON_VALUE);
    response.setHeader(HttpHeaders.CONTENT_LENGTH, Integer.toString(json.length));
    response.getOutputStream().write(json);
    return null;
  }
}

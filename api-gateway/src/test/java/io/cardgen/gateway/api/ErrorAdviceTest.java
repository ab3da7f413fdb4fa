package io.cardgen.gateway.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import io.cardgen.common.request.ApiRevision;
import java.util.List;
import java.util.UUID;
import org.apache.catalina.connector.ClientAbortException;
import org.apache.coyote.BadRequestException;
import org.junit.jupiter.api.Test;
import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ResponseEntity;
import org.springframework.http.converter.HttpMessageNotReadableException;
import org.springframework.mock.http.MockHttpInputMessage;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.web.HttpRequestMethodNotSupportedException;
import org.springframework.web.context.request.async.AsyncRequestNotUsableException;
import org.springframework.web.method.annotation.ExceptionHandlerMethodResolver;
import org.springframework.web.method.annotation.MethodArgumentTypeMismatchException;

/**
 * What escapes the controller is answered in the revision of the account the request was
 * authenticated as, and in the current one before any account is known. The whole path, with S3
 * really gone, is PhotoStorageOutageIT's.
 */
class ErrorAdviceTest {

  private final ErrorAdvice advice = new ErrorAdvice();
  private final MockHttpServletRequest request =
      new MockHttpServletRequest("POST", "/api/text/product");

  /** Not the unexpected failure's ERROR, stack trace and 503 that can no longer be written. */
  @Test
  void aClientGoneWhileItsStreamWasWrittenIsNoFailureOfOurs() throws Exception {
    ExceptionHandlerMethodResolver handlers = new ExceptionHandlerMethodResolver(ErrorAdvice.class);
    AsyncRequestNotUsableException gone =
        new AsyncRequestNotUsableException(
            "ServletOutputStream failed to write", new ClientAbortException("Broken pipe"));

    assertThat(handlers.resolveMethod(gone))
        .isEqualTo(
            ErrorAdvice.class.getDeclaredMethod("gone", AsyncRequestNotUsableException.class));
  }

  @Test
  void answersAnUnexpectedFailureOfALegacyAccount400WithTheTextOnlyAndRetryAfter() {
    CallerRevision.remember(request, ApiRevision.LEGACY);

    ResponseEntity<Envelope> answer =
        advice.unexpected(new IllegalStateException("bucket outage-1 is gone"), request);

    assertThat(answer.getStatusCode().value()).isEqualTo(400);
    assertThat(answer.getBody())
        .isEqualTo(Envelope.legacyFailure(Messages.of(ErrorCode.GENERATION_UNAVAILABLE)));
    assertThat(answer.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("5");
  }

  @Test
  void answersAnUnexpectedFailureOfACurrentAccount503GenerationUnavailable() {
    CallerRevision.remember(request, ApiRevision.CURRENT);

    ResponseEntity<Envelope> answer =
        advice.unexpected(new IllegalStateException("bucket outage-1 is gone"), request);

    assertThat(answer.getStatusCode().value()).isEqualTo(503);
    assertThat(answer.getBody().code()).isEqualTo("generation_unavailable");
    assertThat(answer.getBody().message())
        .isEqualTo(answer.getBody().error())
        .doesNotContain("bucket");
    assertThat(answer.getHeaders().getFirst(HttpHeaders.RETRY_AFTER)).isEqualTo("5");
  }

  @Test
  void answersInTheCurrentRevisionBeforeAnyAccountIsKnown() {
    ResponseEntity<Envelope> answer =
        advice.unexpected(new IllegalStateException("database is gone"), request);

    assertThat(answer.getStatusCode().value()).isEqualTo(503);
    assertThat(answer.getBody().code()).isEqualTo("generation_unavailable");
  }

  @Test
  void answersAnUnreadableBodyOfALegacyAccount400WithTheTextOnly() {
    CallerRevision.remember(request, ApiRevision.LEGACY);

    ResponseEntity<Envelope> answer =
        advice.unreadable(
            new HttpMessageNotReadableException("bad", new MockHttpInputMessage(new byte[0])),
            request);

    assertThat(answer.getStatusCode().value()).isEqualTo(400);
    assertThat(answer.getBody())
        .isEqualTo(Envelope.legacyFailure(Messages.format("invalid.body_malformed")));
  }

  @Test
  void namesAMistypedPathParameterInsteadOfCallingTheBodyMalformed() throws Exception {
    CallerRevision.remember(request, ApiRevision.CURRENT);
    MethodParameter id =
        new MethodParameter(ErrorAdviceTest.class.getDeclaredMethod("byId", UUID.class), 0);

    ResponseEntity<Envelope> answer =
        advice.mistyped(
            new MethodArgumentTypeMismatchException("not-a-uuid", UUID.class, "id", id, null),
            request);

    assertThat(answer.getStatusCode().value()).isEqualTo(422);
    assertThat(answer.getBody().code()).isEqualTo(ErrorCode.INVALID_PARAMETERS.code());
    assertThat(answer.getBody().message())
        .isEqualTo("Параметр «id» в адресе запроса записан некорректно.");
  }

  @SuppressWarnings("unused") // the parameter of the mistyped-parameter test
  private static void byId(UUID id) {}

  @Test
  void answersBrokenFramingOfALegacyAccount400WithTheTextOnly() {
    CallerRevision.remember(request, ApiRevision.LEGACY);

    ResponseEntity<Envelope> answer =
        advice.badFraming(new BadRequestException("chunk cut short"), request);

    assertThat(answer.getStatusCode().value()).isEqualTo(400);
    assertThat(answer.getBody())
        .isEqualTo(Envelope.legacyFailure(Messages.of(ErrorCode.BAD_REQUEST)));
  }

  @Test
  void keepsSpringsHeadersAndAnswersALegacyAccount400() {
    CallerRevision.remember(request, ApiRevision.LEGACY);

    ResponseEntity<Envelope> answer =
        advice.unexpected(
            new HttpRequestMethodNotSupportedException("PUT", List.of("POST")), request);

    assertThat(answer.getStatusCode().value()).isEqualTo(400);
    assertThat(answer.getBody())
        .isEqualTo(Envelope.legacyFailure(Messages.of(ErrorCode.METHOD_NOT_ALLOWED)));
    assertThat(answer.getHeaders().getFirst(HttpHeaders.ALLOW)).isEqualTo("POST");
  }

  @Test
  void keepsSpringsStatusForACurrentAccount() {
    CallerRevision.remember(request, ApiRevision.CURRENT);

    ResponseEntity<Envelope> answer =
        advice.unexpected(
            new HttpRequestMethodNotSupportedException("PUT", List.of("POST")), request);

    assertThat(answer.getStatusCode().value()).isEqualTo(405);
    assertThat(answer.getBody().code()).isEqualTo("method_not_allowed");
    assertThat(answer.getHeaders().getFirst(HttpHeaders.ALLOW)).isEqualTo("POST");
  }
}

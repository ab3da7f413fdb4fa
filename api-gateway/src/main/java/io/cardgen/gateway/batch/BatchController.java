package io.cardgen.gateway.batch;

import io.cardgen.common.batch.BatchObject;
import io.cardgen.common.error.ErrorCode;
import io.cardgen.common.error.Messages;
import io.cardgen.common.request.IdempotencyKeys;
import io.cardgen.gateway.api.JsonContentType;
import io.cardgen.gateway.reply.ReplyProperties;
import io.cardgen.gateway.web.ContentCoding;
import io.cardgen.gateway.web.Sizes;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.unit.DataSize;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.mvc.method.annotation.StreamingResponseBody;
import tools.jackson.databind.ObjectMapper;

/**
 * The batch endpoints (batch-api §1). A batch of another account and an id that does not exist get
 * the same 404, so ids reveal nothing.
 */
@RestController
class BatchController {

  static final MediaType NDJSON = MediaType.parseMediaType("application/x-ndjson");
  private static final int DEFAULT_PAGE = 20;
  private static final int MAX_PAGE = 100;
  private static final Set<String> RESULT_STATUSES = Set.of("succeeded", "failed", "cancelled");
  // A stream's slot frees when its client has read it; a few seconds is how long a page takes.
  private static final long STREAM_RETRY_SECONDS = 2;

  private final BatchAccess access;
  private final BatchCreation creation;
  private final CreationSlots slots;
  private final BatchStore store;
  private final BatchListing listing;
  private final BatchCancellation cancellation;
  private final BatchResults results;
  private final ResultStreams streams;
  private final DataSize bodyLimit;
  private final long retryAfterSeconds;
  private final ObjectMapper json;

  BatchController(
      BatchAccess access,
      BatchCreation creation,
      CreationSlots slots,
      BatchStore store,
      BatchListing listing,
      BatchCancellation cancellation,
      BatchResults results,
      ResultStreams streams,
      BatchProperties properties,
      ReplyProperties replies,
      ObjectMapper json) {
    this.retryAfterSeconds = Math.max(1, replies.retryAfter().toSeconds());
    this.json = json;
    this.access = access;
    this.creation = creation;
    this.slots = slots;
    this.store = store;
    this.listing = listing;
    this.cancellation = cancellation;
    this.results = results;
    this.streams = streams;
    this.bodyLimit = properties.maxBodySize();
  }

  @PostMapping("/api/batches")
  ResponseEntity<BatchEnvelope> create(
      HttpServletRequest request,
      @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
      @RequestHeader(name = "Idempotency-Key", required = false) String key,
      @RequestParam(name = "webhook_url", required = false) String webhookUrl,
      @RequestParam(name = "metadata", required = false) String metadata)
      throws IOException {
    BatchAccess.Decision decision = access.check(authorization, true);
    if (!(decision instanceof BatchAccess.Granted granted)) {
      return ((BatchAccess.Denied) decision).answer();
    }
    if (key != null && !IdempotencyKeys.isValid(key)) {
      return BatchAnswers.invalid("invalid.idempotency_header");
    }
    Optional<BatchBody.Format> format = format(request.getContentType());
    if (format.isEmpty()) {
      return BatchAnswers.error(
          ErrorCode.UNSUPPORTED_MEDIA_TYPE, Messages.format("batch.unsupported_media_type"));
    }
    if (!ContentCoding.isIdentity(request)) {
      return BatchAnswers.error(
          ErrorCode.UNSUPPORTED_MEDIA_TYPE, Messages.format("body.content_encoding"));
    }
    if (format.get() == BatchBody.Format.JSON && (webhookUrl != null || metadata != null)) {
      // batch-api §2 puts them in a JSON body: taken from the query, they were dropped unchecked,
      // and a client that meant them never got its callback (review finding).
      return BatchAnswers.invalid("batch.options_in_query");
    }
    if (request.getContentLengthLong() > bodyLimit.toBytes()) {
      return tooLarge();
    }
    BatchCreation.Request create =
        new BatchCreation.Request(
            granted.account(),
            granted.plan(),
            key,
            format.get(),
            new BatchOptions.Raw(webhookUrl, metadata));
    UUID account = granted.account().id();
    if (!slots.tryTake(account)) {
      drain(request);
      return BatchAnswers.tooMany(
          Messages.format("batch.creations_busy", slots.max(), retryAfterSeconds),
          retryAfterSeconds);
    }
    BatchCreation.Outcome outcome;
    try {
      outcome = creation.create(create, request.getInputStream());
    } finally {
      slots.release(account);
    }
    if (outcome instanceof BatchCreation.Created created) {
      return BatchAnswers.accepted(created.batch());
    }
    if (outcome instanceof BatchCreation.Replayed replayed) {
      return BatchAnswers.accepted(replayed.batch());
    }
    if (outcome instanceof BatchCreation.TooLarge) {
      return tooLarge();
    }
    drain(request);
    if (outcome instanceof BatchCreation.Refused refused) {
      return BatchAnswers.error(refused.code(), refused.message(), refused.errors());
    }
    return BatchAnswers.unavailable(retryAfterSeconds);
  }

  /**
   * Reads what is left of a refused batch's body, within the body limit, keeping none of it. A
   * client sends its whole body before it reads the answer (the JDK's HTTP client, which the CLI
   * uses, reports a broken pipe instead of an early answer), so the refusal — a 429 with its
   * Retry-After, a 503, the 422 naming the first hundred bad items — must wait for the body's end
   * to be seen at all. Memory is not the cost: network and a thread are.
   */
  private void drain(HttpServletRequest request) {
    byte[] discard = new byte[64 * 1024];
    long left = bodyLimit.toBytes();
    try (InputStream body = request.getInputStream()) {
      for (int read; left > 0 && (read = body.read(discard)) >= 0; ) {
        left -= read;
      }
    } catch (IOException gone) {
      // the client went: nobody to answer
    }
  }

  @GetMapping("/api/batches/{id}")
  ResponseEntity<BatchEnvelope> get(
      @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
      @PathVariable("id") String id) {
    BatchAccess.Decision decision = access.check(authorization, false);
    if (!(decision instanceof BatchAccess.Granted granted)) {
      return ((BatchAccess.Denied) decision).answer();
    }
    return found(owned(granted, id).flatMap(row -> store.find(granted.account().id(), row)));
  }

  @GetMapping("/api/batches")
  ResponseEntity<BatchEnvelope> list(
      @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
      @RequestParam(name = "limit", required = false) String limit,
      @RequestParam(name = "after", required = false) String after) {
    BatchAccess.Decision decision = access.check(authorization, false);
    if (!(decision instanceof BatchAccess.Granted granted)) {
      return ((BatchAccess.Denied) decision).answer();
    }
    Integer size = limit == null ? Integer.valueOf(DEFAULT_PAGE) : parse(limit, 1, MAX_PAGE);
    if (size == null) {
      return BatchAnswers.invalid("batch.limit");
    }
    ListCursor cursor = after == null ? null : ListCursor.parse(after);
    if (after != null && cursor == null) {
      return BatchAnswers.invalid("batch.after");
    }
    return listing
        .page(granted.account().id(), cursor, size)
        .map(BatchAnswers::ok)
        .orElseGet(() -> BatchAnswers.invalid("batch.after"));
  }

  @GetMapping("/api/batches/{id}/results")
  ResponseEntity<StreamingResponseBody> results(
      HttpServletRequest request,
      HttpServletResponse response,
      @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
      @PathVariable("id") String id,
      @RequestParam(name = "after", required = false) String after,
      @RequestParam(name = "status", required = false) String status)
      throws IOException {
    BatchAccess.Decision decision = access.check(authorization, false);
    if (!(decision instanceof BatchAccess.Granted granted)) {
      return refused(response, ((BatchAccess.Denied) decision).answer());
    }
    Optional<UUID> batch = owned(granted, id);
    if (batch.isEmpty()) {
      return refused(response, BatchAnswers.error(ErrorCode.NOT_FOUND));
    }
    Integer from = after == null ? Integer.valueOf(0) : parse(after, 0, Integer.MAX_VALUE);
    if (from == null) {
      return refused(response, BatchAnswers.invalid("batch.results_after"));
    }
    if (status != null && !RESULT_STATUSES.contains(status)) {
      return refused(response, BatchAnswers.invalid("batch.results_status"));
    }
    if (HttpMethod.HEAD.matches(request.getMethod())) {
      // The headers a GET would have, without reading every result for a body nobody gets.
      return ResponseEntity.ok().contentType(NDJSON).build();
    }
    String state = status == null ? null : status.toUpperCase(Locale.ROOT);
    ResultStreams.Opening opening = streams.open(granted.account().id());
    if (opening instanceof ResultStreams.AccountFull full) {
      return refused(
          response,
          BatchAnswers.tooMany(
              Messages.format("batch.results_busy", full.maxStreams(), STREAM_RETRY_SECONDS),
              STREAM_RETRY_SECONDS));
    }
    if (!(opening instanceof ResultStreams.Opened opened)) {
      return refused(
          response,
          BatchAnswers.unavailable(
              Messages.format("batch.results_gateway_busy", STREAM_RETRY_SECONDS),
              STREAM_RETRY_SECONDS));
    }
    ResultStreamRelease.onEnd(request, opened.slot());
    StreamingResponseBody body =
        out -> {
          try (ResultStreams.Slot slot = opened.slot()) {
            results.write(batch.get(), from, state, out);
          }
        };
    return ResponseEntity.ok().contentType(NDJSON).body(body);
  }

  @PostMapping("/api/batches/{id}/cancel")
  ResponseEntity<BatchEnvelope> cancel(
      @RequestHeader(name = HttpHeaders.AUTHORIZATION, required = false) String authorization,
      @PathVariable("id") String id) {
    BatchAccess.Decision decision = access.check(authorization, false);
    if (!(decision instanceof BatchAccess.Granted granted)) {
      return ((BatchAccess.Denied) decision).answer();
    }
    return found(
        owned(granted, id).flatMap(row -> cancellation.cancel(granted.account().id(), row)));
  }

  /** An error of the results endpoint, answered at once ({@link ImmediateAnswer}). */
  private ResponseEntity<StreamingResponseBody> refused(
      HttpServletResponse response, ResponseEntity<BatchEnvelope> answer) throws IOException {
    return ImmediateAnswer.write(response, answer, json.writeValueAsBytes(answer.getBody()));
  }

  private Optional<UUID> owned(BatchAccess.Granted granted, String id) {
    UUID row = BatchObject.rowId(id);
    return row != null && store.exists(granted.account().id(), row)
        ? Optional.of(row)
        : Optional.empty();
  }

  private static ResponseEntity<BatchEnvelope> found(Optional<BatchObject> batch) {
    return batch.map(BatchAnswers::ok).orElseGet(() -> BatchAnswers.error(ErrorCode.NOT_FOUND));
  }

  private ResponseEntity<BatchEnvelope> tooLarge() {
    return BatchAnswers.error(
        ErrorCode.PAYLOAD_TOO_LARGE, Messages.format("body.too_large", Sizes.inRussian(bodyLimit)));
  }

  /** JSON or NDJSON in UTF-8, as for one card (RFC 8259); anything else is answered 415. */
  private static Optional<BatchBody.Format> format(String contentType) {
    if (JsonContentType.isUtf8Application(contentType, List.of("json"))) {
      return Optional.of(BatchBody.Format.JSON);
    }
    return JsonContentType.isUtf8Application(contentType, List.of("x-ndjson", "jsonl"))
        ? Optional.of(BatchBody.Format.NDJSON)
        : Optional.empty();
  }

  /** The integer in [min, max], or null. */
  private static Integer parse(String text, int min, int max) {
    if (text.isEmpty() || text.length() > 10 || !text.chars().allMatch(Character::isDigit)) {
      return null;
    }
    long value = Long.parseLong(text);
    return value < min || value > max ? null : (int) value;
  }
}

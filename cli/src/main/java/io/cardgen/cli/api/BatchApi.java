package io.cardgen.cli.api;

import io.cardgen.cli.io.BoundedLines;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import tools.jackson.databind.JsonNode;

/**
 * The batch endpoints of batch-api §1 over the JDK HttpClient. Network failures, 429 and the
 * passing answers of the service or the ingress in front of it (502, 503, 504) are retried per the
 * {@link RetryPolicy} with the very same request, so a creation that lost its answer is repeated
 * with the same idempotency key and never creates a second batch.
 */
public final class BatchApi {

  private static final Duration READ_TIMEOUT = Duration.ofSeconds(60);

  /**
   * How long an answer's body may go without a byte before the connection counts as dead. The
   * service streams results as they are read from the database, so a minute of silence is no longer
   * a slow server but a connection that died without a reset.
   */
  static final Duration IDLE_TIMEOUT = Duration.ofSeconds(60);

  /** The answers that go away by themselves: overload, rate limit and a gateway between. */
  private static final Set<Integer> TRANSIENT_STATUSES = Set.of(429, 502, 503, 504);

  /**
   * The longest result line taken, in characters. A line holds one card — a description of at most
   * a few thousand characters, a few short lists — and so a few hundred KB at the very most; a
   * longer line is not the batch API talking, and without a bound it would fill the heap.
   */
  public static final int MAX_RESULT_LINE_CHARS = 4 << 20;

  /** A 256 MiB upload on a slow line takes a while; the answer comes once the body is read. */
  private static final Duration UPLOAD_TIMEOUT = Duration.ofMinutes(30);

  private final HttpClient http;
  private final URI baseUrl;
  private final String apiKey;
  private final RetryPolicy retry;
  private final Duration idleTimeout;

  public BatchApi(HttpClient http, URI baseUrl, String apiKey, RetryPolicy retry) {
    this(http, baseUrl, apiKey, retry, IDLE_TIMEOUT);
  }

  BatchApi(HttpClient http, URI baseUrl, String apiKey, RetryPolicy retry, Duration idleTimeout) {
    this.http = http;
    this.baseUrl = baseUrl;
    this.apiKey = apiKey;
    this.retry = retry;
    this.idleTimeout = idleTimeout;
  }

  public Batch create(Upload upload, String idempotencyKey) {
    URI uri = uri("/api/batches", upload.query());
    return Batch.from(
        data(
            () ->
                request(uri, UPLOAD_TIMEOUT)
                    .header("Content-Type", upload.contentType())
                    .header("Idempotency-Key", idempotencyKey)
                    .POST(bodyOf(upload))
                    .build()));
  }

  public Batch get(String id) {
    URI uri = uri("/api/batches/" + segment(id), Map.of());
    return Batch.from(data(() -> request(uri, READ_TIMEOUT).GET().build()));
  }

  public Batch cancel(String id) {
    URI uri = uri("/api/batches/" + segment(id) + "/cancel", Map.of());
    return Batch.from(
        data(() -> request(uri, READ_TIMEOUT).POST(HttpRequest.BodyPublishers.noBody()).build()));
  }

  public BatchPage list(int limit, String after) {
    Map<String, String> query = new LinkedHashMap<>();
    query.put("limit", Integer.toString(limit));
    if (after != null) {
      query.put("after", after);
    }
    URI uri = uri("/api/batches", query);
    JsonNode data = data(() -> request(uri, READ_TIMEOUT).GET().build());
    List<Batch> items = new ArrayList<>();
    data.path("items").forEach(item -> items.add(Batch.from(item)));
    JsonNode next = data.get("next");
    return new BatchPage(items, next != null && next.isString() ? next.asString() : null);
  }

  /**
   * Streams the results after {@code after} into {@code sink}, in {@code seq} order. A stream that
   * breaks, or stalls for the idle timeout, is resumed after the last line the sink took, so every
   * line reaches it once.
   *
   * @param status a filter ({@code succeeded}, {@code failed}, {@code cancelled}) or null
   * @return the last {@code seq} the sink took ({@code after} if none)
   */
  public long results(String id, long after, String status, ResultSink sink) {
    long last = after;
    int failures = 0;
    while (true) {
      Map<String, String> query = new LinkedHashMap<>();
      query.put("after", Long.toString(last));
      if (status != null) {
        query.put("status", status);
      }
      URI uri = uri("/api/batches/" + segment(id) + "/results", query);
      HttpResponse<InputStream> response =
          send(() -> request(uri, READ_TIMEOUT).header("Accept", "application/x-ndjson").build());
      try {
        if (response.statusCode() / 100 != 2) {
          throw Answers.failure(response);
        }
        return readLines(response, sink, last);
      } catch (BrokenStream broken) {
        // a stream that got further before breaking starts the count of failures afresh
        failures = broken.lastSeq > last ? 1 : failures + 1;
        last = broken.lastSeq;
        if (failures >= retry.attempts()) {
          throw new Unreachable(baseUrl, broken.cause);
        }
        pause(
            retry.delayAfter(failures, null),
            "the results stream broke (" + broken.cause.getClass().getSimpleName() + ")");
      } catch (IOException e) {
        throw new Unreachable(baseUrl, e);
      }
    }
  }

  private static long readLines(HttpResponse<InputStream> response, ResultSink sink, long last)
      throws IOException {
    try (BoundedLines lines =
        new BoundedLines(
            new InputStreamReader(response.body(), StandardCharsets.UTF_8),
            MAX_RESULT_LINE_CHARS)) {
      while (true) {
        String line;
        try {
          line = lines.readLine();
        } catch (BoundedLines.TooLong tooLong) {
          // resuming would meet the same line again
          throw new ApiException(
              new ApiError(
                  response.statusCode(),
                  null,
                  "the result line after seq "
                      + last
                      + " is longer than "
                      + BoundedLines.describe(MAX_RESULT_LINE_CHARS)
                      + ", far more than a card; is --base-url the cardgen public API?",
                  List.of(),
                  null));
        } catch (IOException broken) {
          throw new BrokenStream(last, broken);
        }
        if (line == null) {
          return last;
        }
        if (!line.isBlank()) {
          try {
            last = sink.accept(line);
          } catch (IOException local) {
            // the output file, not the network: resuming would not help
            throw new java.io.UncheckedIOException(local);
          }
        }
      }
    }
  }

  /** The connection broke while result lines were arriving; {@code lastSeq} was taken. */
  private static final class BrokenStream extends IOException {
    private final long lastSeq;
    private final IOException cause;

    BrokenStream(long lastSeq, IOException cause) {
      super(cause);
      this.lastSeq = lastSeq;
      this.cause = cause;
    }
  }

  private JsonNode data(RequestFactory request) {
    try {
      return Answers.data(send(request));
    } catch (IOException e) {
      throw new Unreachable(baseUrl, e);
    }
  }

  private HttpResponse<InputStream> send(RequestFactory request) {
    for (int attempt = 1; ; attempt++) {
      HttpResponse<InputStream> response;
      try {
        response = http.send(request.build(), IdleTimeoutBody.handler(idleTimeout));
      } catch (IOException e) {
        if (attempt >= retry.attempts()) {
          throw new Unreachable(baseUrl, e);
        }
        pause(
            retry.delayAfter(attempt, null),
            "no connection (" + e.getClass().getSimpleName() + ")");
        continue;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CancellationException("interrupted");
      }
      int status = response.statusCode();
      if (TRANSIENT_STATUSES.contains(status) && attempt < retry.attempts()) {
        discard(response);
        pause(retry.delayAfter(attempt, Answers.retryAfter(response)), "HTTP " + status);
        continue;
      }
      return response;
    }
  }

  private void pause(Duration duration, String why) {
    retry.notices().accept(why + ", retrying in " + duration.toSeconds() + " s");
    try {
      retry.pause().sleep(duration);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CancellationException("interrupted");
    }
  }

  /**
   * Drops a passing answer's body before the retry: at most as much as an error body is read, to
   * keep the connection for the retry; a longer body is cut off with its connection rather than
   * read to an end that may never come.
   */
  private static void discard(HttpResponse<InputStream> response) {
    try (InputStream body = response.body()) {
      body.skip(Answers.MAX_ERROR_BODY);
    } catch (IOException ignored) {
      // the connection is dropped with it; nothing else to release
    }
  }

  private HttpRequest.Builder request(URI uri, Duration timeout) {
    return HttpRequest.newBuilder(uri)
        .timeout(timeout)
        .header("Authorization", "Bearer " + apiKey)
        .header("Accept", "application/json")
        .header("User-Agent", "cardgen-cli");
  }

  private static HttpRequest.BodyPublisher bodyOf(Upload upload) {
    try {
      return HttpRequest.BodyPublishers.ofFile(upload.body());
    } catch (java.io.FileNotFoundException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private URI uri(String path, Map<String, String> query) {
    StringBuilder uri = new StringBuilder(stripSlash(baseUrl.toString())).append(path);
    char separator = '?';
    for (Map.Entry<String, String> parameter : query.entrySet()) {
      uri.append(separator)
          .append(URLEncoder.encode(parameter.getKey(), StandardCharsets.UTF_8))
          .append('=')
          .append(URLEncoder.encode(parameter.getValue(), StandardCharsets.UTF_8));
      separator = '&';
    }
    return URI.create(uri.toString());
  }

  private static String stripSlash(String base) {
    return base.endsWith("/") ? base.substring(0, base.length() - 1) : base;
  }

  private static String segment(String id) {
    return URLEncoder.encode(id, StandardCharsets.UTF_8).replace("+", "%20");
  }

  @FunctionalInterface
  private interface RequestFactory {
    HttpRequest build();
  }
}

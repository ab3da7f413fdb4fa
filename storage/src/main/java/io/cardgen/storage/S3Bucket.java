package io.cardgen.storage;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.concurrent.Semaphore;
import software.amazon.awssdk.auth.credentials.AwsCredentials;
import software.amazon.awssdk.auth.credentials.AwsCredentialsProvider;
import software.amazon.awssdk.auth.credentials.AwsSessionCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;

/**
 * One bucket of an S3-compatible store (AWS, MinIO, S3Proxy), spoken to directly over HTTP with
 * SigV4: put, get, head and delete of whole objects, path-style. cardgen needs nothing more, and
 * the AWS SDK's client cost a quarter of the JVM's CPU per card for these four calls (ADR 0019).
 * The SDK still resolves credentials when none are configured (environment, profile, instance or
 * pod role).
 */
public final class S3Bucket implements AutoCloseable {

  /**
   * Requests at once. Hundreds of jobs in flight would otherwise open as many connections; 256 is
   * what the SDK client's pool was sized to (issue 11).
   */
  static final int MAX_CONCURRENT_REQUESTS = 256;

  private static final int ATTEMPTS = 3;
  private static final Duration TIMEOUT = Duration.ofSeconds(30);

  private final HttpClient http;
  private final URI bucketUri;
  private final String bucketPath;
  private final String bucket;
  private final String region;
  private final SigV4 signer;
  private final AwsCredentialsProvider credentials;
  private final Semaphore slots = new Semaphore(MAX_CONCURRENT_REQUESTS);
  private final Clock clock;

  private S3Bucket(S3Properties properties, String bucket, Clock clock) {
    URI endpoint =
        properties.endpoint() != null
            ? properties.endpoint()
            : URI.create("https://s3." + properties.region() + ".amazonaws.com");
    String base = endpoint.toString().replaceAll("/+$", "");
    this.bucket = bucket;
    this.region = properties.region();
    this.bucketPath = URI.create(base).getRawPath() + "/" + SigV4.encodePath(bucket);
    this.bucketUri = URI.create(base + "/" + SigV4.encodePath(bucket));
    this.signer = new SigV4(properties.region());
    this.credentials = credentialsOf(properties);
    this.clock = clock;
    this.http =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .build();
  }

  /** The bucket named {@code bucket} at the store {@code properties} describe. */
  public static S3Bucket open(S3Properties properties, String bucket) {
    return new S3Bucket(properties, bucket, Clock.systemUTC());
  }

  public String name() {
    return bucket;
  }

  /** Stores {@code bytes} at {@code key}, replacing what is there. */
  public void put(String key, byte[] bytes, String contentType) {
    HttpResponse<byte[]> answer =
        send("PUT", key, bytes, contentType, HttpResponse.BodyHandlers.ofByteArray());
    expectSuccess(answer, "storing " + key);
  }

  /**
   * The object at {@code key}, read up to {@code maxBytes}.
   *
   * @throws S3Failure.NoSuchObject when there is none
   * @throws IllegalStateException when it is larger than {@code maxBytes}; the rest is not read
   */
  public byte[] get(String key, int maxBytes) {
    HttpResponse<InputStream> answer =
        send("GET", key, null, null, HttpResponse.BodyHandlers.ofInputStream());
    try (InputStream body = answer.body()) {
      if (answer.statusCode() == 404) {
        throw new S3Failure.NoSuchObject(key);
      }
      if (answer.statusCode() != 200) {
        throw failure(answer.statusCode(), "reading " + key, body.readNBytes(2048));
      }
      OptionalLong length = answer.headers().firstValueAsLong("content-length");
      byte[] bytes =
          length.isPresent() && length.getAsLong() > maxBytes
              ? null
              : body.readNBytes(maxBytes + 1);
      if (bytes == null || bytes.length > maxBytes) {
        throw new IllegalStateException(key + " is larger than " + maxBytes + " bytes");
      }
      return bytes;
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + key + " failed", e);
    }
  }

  public boolean exists(String key) {
    HttpResponse<byte[]> answer =
        send("HEAD", key, null, null, HttpResponse.BodyHandlers.ofByteArray());
    if (answer.statusCode() == 404) {
      return false;
    }
    expectSuccess(answer, "looking up " + key);
    return true;
  }

  /** Deletes the object at {@code key}; deleting one that is not there is not an error. */
  public void delete(String key) {
    HttpResponse<byte[]> answer =
        send("DELETE", key, null, null, HttpResponse.BodyHandlers.ofByteArray());
    if (answer.statusCode() != 404) {
      expectSuccess(answer, "deleting " + key);
    }
  }

  /** Creates the bucket unless it exists; safe when several replicas start at once. */
  public void createIfMissing() {
    HttpResponse<byte[]> head =
        send("HEAD", null, null, null, HttpResponse.BodyHandlers.ofByteArray());
    if (head.statusCode() != 404) {
      expectSuccess(head, "looking up bucket " + bucket);
      return;
    }
    // Outside us-east-1, AWS wants the region named in the request body.
    byte[] configuration =
        "us-east-1".equals(region)
            ? new byte[0]
            : ("<CreateBucketConfiguration xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
                    + "<LocationConstraint>"
                    + region
                    + "</LocationConstraint></CreateBucketConfiguration>")
                .getBytes(StandardCharsets.UTF_8);
    HttpResponse<byte[]> created =
        send(
            "PUT",
            null,
            configuration,
            configuration.length == 0 ? null : "application/xml",
            HttpResponse.BodyHandlers.ofByteArray());
    // 409: another replica created it between our two calls.
    if (created.statusCode() != 409) {
      expectSuccess(created, "creating bucket " + bucket);
    }
  }

  /**
   * Nothing to release explicitly: Java 17's HTTP client has no close (21 added one) and frees its
   * connections and selector thread once unreachable. Kept so owners can treat stores alike.
   */
  @Override
  public void close() {}

  /**
   * Sends one signed request, retrying an answer of 500/503 or no answer (a kept-alive connection
   * the store closed meanwhile) twice: every request here is idempotent.
   */
  private <T> HttpResponse<T> send(
      String method,
      String key,
      byte[] body,
      String contentType,
      HttpResponse.BodyHandler<T> handler) {
    String what = method + " " + bucket + (key == null ? "" : "/" + key);
    for (int attempt = 1; ; attempt++) {
      try {
        slots.acquire();
        try {
          HttpResponse<T> answer = http.send(request(method, key, body, contentType), handler);
          if (attempt < ATTEMPTS && isTransient(answer.statusCode())) {
            discard(answer);
            pause(attempt);
            continue;
          }
          return answer;
        } finally {
          slots.release();
        }
      } catch (IOException e) {
        if (attempt >= ATTEMPTS) {
          throw new S3Failure(what + " failed: " + e, e);
        }
        pause(attempt);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new S3Failure(what + " interrupted", e);
      }
    }
  }

  private HttpRequest request(String method, String key, byte[] body, String contentType) {
    String path = key == null ? bucketPath : bucketPath + "/" + SigV4.encodePath(key);
    URI uri = key == null ? bucketUri : URI.create(bucketUri + "/" + SigV4.encodePath(key));
    TreeMap<String, String> headers = new TreeMap<>();
    headers.put("host", hostHeader(uri));
    if (contentType != null) {
      headers.put("content-type", contentType);
    }
    String payloadHash = body == null ? SigV4.EMPTY_PAYLOAD_HASH : SigV4.sha256Hex(body);
    signer.sign(method, path, headers, payloadHash, clock.instant(), signingCredentials());
    HttpRequest.Builder request = HttpRequest.newBuilder(uri).timeout(TIMEOUT);
    headers.forEach(
        (name, value) -> {
          if (!name.equals("host")) {
            request.header(name, value);
          }
        });
    return request
        .method(
            method,
            body == null
                ? HttpRequest.BodyPublishers.noBody()
                : HttpRequest.BodyPublishers.ofByteArray(body))
        .build();
  }

  /** The Host header the JDK client sends: the port only when it is not the scheme's default. */
  static String hostHeader(URI uri) {
    int port = uri.getPort();
    boolean defaultPort =
        port == -1
            || (port == 80 && "http".equalsIgnoreCase(uri.getScheme()))
            || (port == 443 && "https".equalsIgnoreCase(uri.getScheme()));
    return defaultPort ? uri.getHost() : uri.getHost() + ":" + port;
  }

  private SigV4.Credentials signingCredentials() {
    AwsCredentials resolved = credentials.resolveCredentials();
    String token =
        resolved instanceof AwsSessionCredentials session ? session.sessionToken() : null;
    return new SigV4.Credentials(resolved.accessKeyId(), resolved.secretAccessKey(), token);
  }

  private static AwsCredentialsProvider credentialsOf(S3Properties properties) {
    if (properties.accessKey() != null && !properties.accessKey().isBlank()) {
      var fixed =
          software.amazon.awssdk.auth.credentials.AwsBasicCredentials.create(
              properties.accessKey(), properties.secretKey());
      return () -> fixed;
    }
    return DefaultCredentialsProvider.builder().build();
  }

  private static boolean isTransient(int status) {
    return status == 500 || status == 502 || status == 503 || status == 504;
  }

  private static void discard(HttpResponse<?> answer) throws IOException {
    if (answer.body() instanceof InputStream stream) {
      stream.close();
    }
  }

  private static void pause(int attempt) throws S3Failure {
    try {
      Thread.sleep(50L * attempt);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new S3Failure("interrupted between attempts", e);
    }
  }

  private static void expectSuccess(HttpResponse<byte[]> answer, String what) {
    if (answer.statusCode() / 100 != 2) {
      throw failure(answer.statusCode(), what, answer.body());
    }
  }

  private static S3Failure failure(int status, String what, byte[] body) {
    // The store's error document names the problem (<Code>SignatureDoesNotMatch</Code>); it holds
    // no secrets, and keys are ours, not a client's.
    String text = body == null ? "" : new String(body, StandardCharsets.UTF_8);
    String code = text.replaceAll("(?s).*<Code>([^<]{1,100})</Code>.*", "$1");
    return new S3Failure(
        what + " answered " + status + (code.equals(text) ? "" : " " + code), status);
  }
}

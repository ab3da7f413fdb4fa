package io.cardgen.testsupport;

import io.cardgen.storage.S3Properties;
import java.net.URI;
import java.time.Duration;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;

/**
 * A real, empty S3 endpoint (path-style, SigV2/SigV4). Embedded: S3Proxy over an in-memory blob
 * store in this JVM. Containers: the S3 image docker-compose.yml runs (MinIO, or the S3Proxy
 * stand-in {@code scripts/offline-images.sh} builds under the same name), started per fixture.
 */
public final class TestS3 implements AutoCloseable {

  public static final String ACCESS_KEY = "cardgen-test";
  public static final String SECRET_KEY = "cardgen-test-secret";
  public static final String REGION = "us-east-1";

  private static final int S3_PORT = 9000;

  private final URI endpoint;
  private final AutoCloseable stop;

  private TestS3(URI endpoint, AutoCloseable stop) {
    this.endpoint = endpoint;
    this.stop = stop;
  }

  public static TestS3 start() throws Exception {
    return switch (Backend.selected()) {
      case EMBEDDED -> embedded();
      case CONTAINERS -> inContainer();
    };
  }

  private static TestS3 embedded() throws Exception {
    S3Proxy proxy =
        S3Proxy.builder()
            .blobStore(new TransientNio2BlobStore())
            .endpoint(URI.create("http://127.0.0.1:0"))
            .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
            .build();
    proxy.start();
    // start() returns before Jetty accepts connections; S3Proxy offers no callback to wait on.
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!"STARTED".equals(proxy.getState())) {
      if (System.nanoTime() > deadline) {
        proxy.stop();
        throw new IllegalStateException("S3Proxy did not start: " + proxy.getState());
      }
      Thread.sleep(10);
    }
    return new TestS3(URI.create("http://127.0.0.1:" + proxy.getPort()), proxy::stop);
  }

  private static TestS3 inContainer() {
    GenericContainer<?> container =
        new GenericContainer<>(ContainerImages.S3)
            .withCommand("server", "/data")
            .withEnv("MINIO_ROOT_USER", ACCESS_KEY)
            .withEnv("MINIO_ROOT_PASSWORD", SECRET_KEY)
            .withExposedPorts(S3_PORT)
            // Any HTTP answer means the S3 API is up; an anonymous request gets 403.
            .waitingFor(
                Wait.forHttp("/")
                    .forPort(S3_PORT)
                    .forStatusCodeMatching(status -> status < 500)
                    .withStartupTimeout(Duration.ofMinutes(3)));
    container.start();
    URI endpoint =
        URI.create("http://" + container.getHost() + ":" + container.getMappedPort(S3_PORT));
    return new TestS3(endpoint, container::stop);
  }

  public URI endpoint() {
    return endpoint;
  }

  public String region() {
    return REGION;
  }

  public String accessKey() {
    return ACCESS_KEY;
  }

  public String secretKey() {
    return SECRET_KEY;
  }

  /** The settings the services bind ({@code cardgen.s3.*}) for {@code bucket} on this endpoint. */
  public S3Properties properties(String bucket) {
    return new S3Properties(endpoint, REGION, ACCESS_KEY, SECRET_KEY, bucket);
  }

  @Override
  public void close() throws Exception {
    stop.close();
  }
}

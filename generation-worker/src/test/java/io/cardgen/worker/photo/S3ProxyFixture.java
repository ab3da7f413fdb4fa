package io.cardgen.worker.photo;

import io.cardgen.storage.S3Properties;
import java.net.URI;
import org.gaul.s3proxy.S3Proxy;
import org.gaul.s3proxy.auth.AuthenticationType;
import org.gaul.s3proxy.nio2blob.TransientNio2BlobStore;

/** A real S3 endpoint in this JVM: S3Proxy over an in-memory blob store, on a free port. */
final class S3ProxyFixture implements AutoCloseable {

  static final String ACCESS_KEY = "cardgen-test";
  static final String SECRET_KEY = "cardgen-test-secret";

  private final S3Proxy proxy;

  private S3ProxyFixture(S3Proxy proxy) {
    this.proxy = proxy;
  }

  static S3ProxyFixture start() throws Exception {
    S3Proxy proxy =
        S3Proxy.builder()
            .blobStore(new TransientNio2BlobStore())
            .endpoint(URI.create("http://127.0.0.1:0"))
            .awsAuthentication(AuthenticationType.AWS_V2_OR_V4, ACCESS_KEY, SECRET_KEY)
            .build();
    proxy.start();
    while (!"STARTED".equals(proxy.getState())) {
      Thread.sleep(10);
    }
    return new S3ProxyFixture(proxy);
  }

  URI endpoint() {
    return URI.create("http://127.0.0.1:" + proxy.getPort());
  }

  S3Properties properties(String bucket) {
    return new S3Properties(endpoint(), "us-east-1", ACCESS_KEY, SECRET_KEY, bucket);
  }

  @Override
  public void close() throws Exception {
    proxy.stop();
  }
}

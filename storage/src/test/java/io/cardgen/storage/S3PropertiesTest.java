package io.cardgen.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

class S3PropertiesTest {

  @Test
  void keepsTheSecretKeyOutOfItsDescription() {
    S3Properties properties =
        new S3Properties(URI.create("http://s3:9000"), "us-east-1", "cardgen", "hunter22", "b");

    assertThat(properties.toString())
        .contains("cardgen", "http://s3:9000")
        .doesNotContain("hunter22");
  }
}

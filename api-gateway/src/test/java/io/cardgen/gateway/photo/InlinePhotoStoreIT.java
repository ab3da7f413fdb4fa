package io.cardgen.gateway.photo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cardgen.common.photo.ImageFormat;
import io.cardgen.common.photo.ImageUrl;
import io.cardgen.common.photo.ImageUrlDecoder;
import io.cardgen.storage.S3Bucket;
import io.cardgen.storage.S3Clients;
import io.cardgen.testsupport.TestS3;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.UUID;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.util.unit.DataSize;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;

class InlinePhotoStoreIT {

  private static TestS3 s3;
  private static S3Client client;
  private static InlinePhotoStore store;

  @BeforeAll
  static void start() throws Exception {
    s3 = TestS3.start();
    client = S3Clients.create(s3.properties("cardgen"));
    store =
        new InlinePhotoStore(S3Bucket.open(s3.properties("cardgen"), "cardgen"), UUID::randomUUID);
    store.createBucketIfMissing();
    store.createBucketIfMissing();
  }

  @AfterAll
  static void stop() throws Exception {
    store.close();
    client.close();
    s3.close();
  }

  @Test
  void storesADecodedInlinePhotoUnderItsSniffedExtensionAndType() throws IOException {
    byte[] jpeg = jpeg();
    ImageUrlDecoder decoder =
        new ImageUrlDecoder(new InlinePhotoProperties(DataSize.ofMegabytes(1), 1_000_000).limits());
    ImageUrl.Inline photo =
        (ImageUrl.Inline)
            decoder.decode("data:image/png;base64," + Base64.getEncoder().encodeToString(jpeg));

    String key = store.put("acc-3", photo.bytes(), photo.format());

    assertThat(key).matches("products/acc-3/[0-9a-f]{32}\\.jpg");
    ResponseBytes<GetObjectResponse> stored =
        client.getObjectAsBytes(object -> object.bucket("cardgen").key(key));
    assertThat(stored.asByteArray()).isEqualTo(jpeg);
    assertThat(stored.response().contentType()).isEqualTo(ImageFormat.JPEG.mimeType());
  }

  @Test
  void deletesAStoredPhotoAndToleratesDeletingItAgain() throws IOException {
    String key = store.put("acc-3", jpeg(), ImageFormat.JPEG);

    store.delete(key);
    store.delete(key);

    assertThatThrownBy(() -> client.headObject(object -> object.bucket("cardgen").key(key)))
        .isInstanceOf(NoSuchKeyException.class);
  }

  private static byte[] jpeg() throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ImageIO.write(new BufferedImage(24, 16, BufferedImage.TYPE_INT_RGB), "jpeg", out);
    return out.toByteArray();
  }
}

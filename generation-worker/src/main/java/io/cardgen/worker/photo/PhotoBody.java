package io.cardgen.worker.photo;

import io.cardgen.common.photo.ImageFormat;
import io.cardgen.common.photo.ImageVerdict;
import io.cardgen.common.photo.PhotoLimits;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.apache.hc.core5.http.HttpEntity;

/**
 * Reads a 2xx response body into memory and judges it, stopping as soon as the body is known to be
 * unacceptable: a declared length over the limit is refused before reading, a body that grows past
 * the limit or does not start like an image is refused mid-stream. Whoever stops early must abort
 * the exchange rather than close it, which would drain the rest.
 */
final class PhotoBody {

  private static final int CHUNK = 16 * 1024;

  private PhotoBody() {}

  static FetchOutcome read(HttpEntity entity, PhotoLimits limits) throws IOException {
    if (entity == null) {
      return refused("answered without a body", PhotoProblem.Kind.NO_BODY);
    }
    long declared = entity.getContentLength();
    if (declared > limits.maxBytes()) {
      return refused(tooLarge(declared + " bytes declared", limits), PhotoProblem.Kind.TOO_LARGE);
    }
    Buffer body = new Buffer(declared);
    InputStream in = entity.getContent();
    byte[] chunk = new byte[CHUNK];
    boolean sniffed = false;
    for (int read; (read = in.read(chunk)) != -1; ) {
      if (body.size() + (long) read > limits.maxBytes()) {
        return refused(tooLarge("body", limits), PhotoProblem.Kind.TOO_LARGE);
      }
      body.write(chunk, 0, read);
      if (!sniffed && body.size() >= ImageFormat.SNIFF_LENGTH) {
        if (ImageFormat.sniff(body.head()).isEmpty()) {
          return refused("not a JPEG, PNG, WebP or GIF image", PhotoProblem.Kind.NOT_AN_IMAGE);
        }
        sniffed = true;
      }
    }
    byte[] bytes = body.bytes();
    ImageVerdict verdict = limits.check(bytes);
    if (verdict instanceof ImageVerdict.Accepted accepted) {
      return new FetchOutcome.Fetched(bytes, accepted.format());
    }
    ImageVerdict.Rejected rejected = (ImageVerdict.Rejected) verdict;
    return new FetchOutcome.Refused(rejected.reason(), PhotoProblem.of(rejected.flaw()));
  }

  private static FetchOutcome.Refused refused(String reason, PhotoProblem.Kind kind) {
    return new FetchOutcome.Refused(reason, PhotoProblem.of(kind));
  }

  private static String tooLarge(String what, PhotoLimits limits) {
    return what + " over the limit of " + limits.maxBytes() + " bytes";
  }

  /** Hands over its array without a copy when the declared length was exact (the usual case). */
  private static final class Buffer extends ByteArrayOutputStream {

    Buffer(long declaredLength) {
      super(declaredLength > 0 ? (int) declaredLength : CHUNK);
    }

    byte[] head() {
      return Arrays.copyOf(buf, ImageFormat.SNIFF_LENGTH);
    }

    byte[] bytes() {
      return count == buf.length ? buf : toByteArray();
    }
  }
}

package io.cardgen.common.wire;

import java.nio.ByteBuffer;
import java.util.OptionalLong;

/**
 * The job record's header that says when its request reached the gateway, in microseconds since the
 * epoch: the worker's sections of the job queue by it (ADR 0027). A record without it, such as one
 * the sweeper republished, queues by the record's own timestamp.
 */
public final class JobOrigin {

  public static final String HEADER = "cardgen-origin";

  private JobOrigin() {}

  public static byte[] encode(long originMicros) {
    return ByteBuffer.allocate(Long.BYTES).putLong(originMicros).array();
  }

  public static OptionalLong decode(byte[] value) {
    if (value == null || value.length != Long.BYTES) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(ByteBuffer.wrap(value).getLong());
  }
}

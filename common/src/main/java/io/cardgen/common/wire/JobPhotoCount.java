package io.cardgen.common.wire;

import java.nio.ByteBuffer;
import java.util.OptionalInt;

/**
 * The job record's header that says how many photos the job has. With it a worker can set the job's
 * photo memory aside before its claim and claim it off the consumer thread, so one poll's records
 * are claimed at once instead of one after another. A record without it, such as one the sweeper
 * republished, is claimed on the consumer thread first.
 */
public final class JobPhotoCount {

  public static final String HEADER = "cardgen-photos";

  private JobPhotoCount() {}

  public static byte[] encode(int photos) {
    return ByteBuffer.allocate(Integer.BYTES).putInt(photos).array();
  }

  /**
   * The most photos a job can have: no plan allows more ({@code max_photos} is at most 50). A
   * larger count can only be a forged record, whose memory the worker would admit alone, after
   * every job in flight had finished.
   */
  public static final int MAX = 50;

  /**
   * Empty for a missing, misshapen or out-of-range value: the worker then claims the job first and
   * admits the photos the job really has.
   */
  public static OptionalInt decode(byte[] value) {
    if (value == null || value.length != Integer.BYTES) {
      return OptionalInt.empty();
    }
    int photos = ByteBuffer.wrap(value).getInt();
    return photos < 0 || photos > MAX ? OptionalInt.empty() : OptionalInt.of(photos);
  }
}

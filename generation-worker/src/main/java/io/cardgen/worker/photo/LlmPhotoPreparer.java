package io.cardgen.worker.photo;

import io.cardgen.common.photo.DecoderMemory;
import io.cardgen.common.photo.ImageDimensions;
import io.cardgen.common.photo.ImageFormat;
import io.cardgen.common.photo.ImageVerdict;
import io.cardgen.common.photo.PhotoLimits;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.util.concurrent.Semaphore;

/**
 * Makes the copy of a photo the model gets: no side longer than {@code cardgen.images.llm-max-side}
 * (vision models bill by the pixel, and a 4000-pixel photo says nothing more about a product than a
 * 1024-pixel one). The original, untouched, is what the bucket keeps.
 *
 * <p>Every photo is decoded, also one that needs no scaling, so a file that is whole but not a
 * decodable image is {@code image_invalid} here rather than a provider error later; one that needs
 * no copy is decoded to a thumbnail, which reads all of it but keeps little. The order is fixed:
 * the declared canvas is checked against the pixel limit before anything is decoded, the decoder
 * subsamples to between one and two times the target, and the rest is scaled bilinearly.
 *
 * <ul>
 *   <li>JPEG, PNG and WebP that already fit are passed on as they are, bytes unchanged;
 *   <li>larger ones are re-encoded, as JPEG, or as PNG when some pixels are transparent;
 *   <li>a JPEG whose EXIF orientation says it is stored sideways or mirrored is turned upright and
 *       re-encoded, whatever its size: the model is not left to honour the tag;
 *   <li>GIF is always re-encoded from its first frame: providers take no animation, some no GIF.
 * </ul>
 *
 * Decoding is CPU and memory work, so at most one photo per processor is decoded at a time, and the
 * decodes running together take at most {@code cardgen.images.decode-memory} outside the heap
 * ({@link DecoderMemory}: a progressive JPEG's coefficients), which the heap's limit does not see
 * and a container's memory limit does. A job waiting for its turn gives up when its thread is
 * interrupted (a worker stopping past its drain), so that it is handed back rather than left
 * waiting behind other decodes. Thread-safe.
 */
public final class LlmPhotoPreparer {

  /** The longest side kept of a photo that is decoded only to check it. */
  private static final int CHECK_SIDE = 64;

  private final PhotoLimits limits;
  private final int maxSide;
  private final float jpegQuality;
  private final Semaphore decoding;
  private final DecodeBudget nativeMemory;

  LlmPhotoPreparer(
      PhotoLimits limits,
      int maxSide,
      float jpegQuality,
      int maxConcurrentDecodes,
      DecodeBudget nativeMemory) {
    this.limits = limits;
    this.maxSide = maxSide;
    this.jpegQuality = jpegQuality;
    this.decoding = new Semaphore(maxConcurrentDecodes);
    this.nativeMemory = nativeMemory;
  }

  LlmPhotoPreparer(PhotoLimits limits, int maxSide, float jpegQuality, int maxConcurrentDecodes) {
    this(
        limits,
        maxSide,
        jpegQuality,
        maxConcurrentDecodes,
        new DecodeBudget(PhotoProperties.DEFAULT_DECODE_MEMORY.toBytes()));
  }

  LlmPhotoPreparer(PhotoProperties properties) {
    this(
        properties.limits(),
        properties.llmMaxSide(),
        properties.llmJpegQuality(),
        Runtime.getRuntime().availableProcessors(),
        new DecodeBudget(properties.decodeMemory().toBytes()));
  }

  /**
   * How a decode whose memory is not free waits for it: the caller may step out of what it holds
   * meanwhile, such as its job's permit of the stage gate, which other jobs could use.
   */
  @FunctionalInterface
  public interface MemoryWait {

    /** Waits where it is. */
    MemoryWait IN_PLACE = Runnable::run;

    /** Runs {@code wait}, which blocks until the decode's memory is free. */
    void around(Runnable wait);
  }

  /** {@link #prepare(byte[], MemoryWait)}, waiting for memory in place. */
  public LlmCopy prepare(byte[] original) {
    return prepare(original, MemoryWait.IN_PLACE);
  }

  /**
   * @param memoryWait how to wait when the decode's memory is not free at once
   * @throws DecodeInterrupted when the thread is interrupted while waiting to decode (the worker
   *     stops): the photo is not unusable, and its job is given back rather than ended
   */
  public LlmCopy prepare(byte[] original, MemoryWait memoryWait) {
    ImageVerdict verdict = limits.check(original);
    if (verdict instanceof ImageVerdict.Rejected rejected) {
      return new LlmCopy.Unusable(rejected.reason(), PhotoProblem.of(rejected.flaw()));
    }
    ImageVerdict.Accepted accepted = (ImageVerdict.Accepted) verdict;
    // The memory first, then the processor: a decode holding a processor never waits for memory.
    try (DecodeBudget.Share memory =
        share(DecoderMemory.nativeBytes(accepted.format(), original), memoryWait)) {
      acquireInterruptibly(decoding);
      try {
        return copyOf(original, accepted.format(), accepted.dimensions());
      } catch (IOException undecodable) {
        return new LlmCopy.Unusable(
            undecodable.getMessage(), PhotoProblem.of(PhotoProblem.Kind.MALFORMED));
      } finally {
        decoding.release();
      }
    }
  }

  private DecodeBudget.Share share(long nativeBytes, MemoryWait memoryWait) {
    DecodeBudget.Share free = nativeMemory.tryTake(nativeBytes);
    if (free != null) {
      return free;
    }
    DecodeBudget.Share[] waited = new DecodeBudget.Share[1];
    memoryWait.around(() -> waited[0] = takeInterruptibly(nativeBytes));
    return waited[0];
  }

  private DecodeBudget.Share takeInterruptibly(long nativeBytes) {
    try {
      return nativeMemory.take(nativeBytes);
    } catch (InterruptedException stopping) {
      Thread.currentThread().interrupt();
      throw new DecodeInterrupted(stopping);
    }
  }

  private static void acquireInterruptibly(Semaphore permits) {
    try {
      permits.acquire();
    } catch (InterruptedException stopping) {
      Thread.currentThread().interrupt();
      throw new DecodeInterrupted(stopping);
    }
  }

  private LlmCopy copyOf(byte[] original, ImageFormat format, ImageDimensions declared)
      throws IOException {
    int longest = Math.max(declared.width(), declared.height());
    int orientation =
        format == ImageFormat.JPEG ? ExifOrientation.of(original) : ExifOrientation.AS_STORED;
    if (longest <= maxSide
        && format != ImageFormat.GIF
        && orientation == ExifOrientation.AS_STORED) {
      // Decoded only to prove that it decodes, so only a thumbnail of it is kept: the decoder
      // still reads every row of the file, but the raster of a 1024x768 photo (2.4 MB, which G1
      // allocates outside the young generation) and its copying are left out.
      PhotoDecoder.decode(original, format, Math.max(1, longest / CHECK_SIDE));
      return new LlmCopy.Ready(original, format, declared.width(), declared.height());
    }
    BufferedImage image = PhotoDecoder.decode(original, format, Math.max(1, longest / maxSide));
    BufferedImage fitted = ExifOrientation.apply(fit(image), orientation);
    PhotoEncoder.Encoded copy = PhotoEncoder.encode(fitted, jpegQuality);
    return new LlmCopy.Ready(copy.bytes(), copy.format(), fitted.getWidth(), fitted.getHeight());
  }

  private BufferedImage fit(BufferedImage image) {
    int width = image.getWidth();
    int height = image.getHeight();
    int longest = Math.max(width, height);
    if (longest <= maxSide) {
      return image;
    }
    double scale = (double) maxSide / longest;
    return PhotoEncoder.scale(image, side(width * scale), side(height * scale));
  }

  private int side(double scaled) {
    return (int) Math.max(1, Math.min(maxSide, Math.round(scaled)));
  }

  /** The worker's thread was interrupted while waiting for its turn to decode a photo. */
  public static final class DecodeInterrupted extends RuntimeException {
    DecodeInterrupted(Throwable cause) {
      super("interrupted while waiting to decode a photo", cause);
    }
  }
}

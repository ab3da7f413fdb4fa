package io.cardgen.cli.input;

import java.nio.charset.Charset;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * How to read the input file and what goes with the batch.
 *
 * @param charset the CSV file's encoding, or null to tell it from the file ({@link CsvEncoding})
 * @param delimiter the CSV delimiter, or null to guess it from the header row
 * @param maxPhotoBytes the largest local photo inlined (the service's default limit is 10 MiB)
 * @param webhookUrl the batch's {@code webhook_url}, or null
 * @param metadata the batch's {@code metadata}, possibly empty; kept sorted by key, because the
 *     service fingerprints the raw body and the same pairs must give the same bytes on every run
 * @param photosAnywhere whether local photos may be read from outside the input file's folder
 *     (absolute paths, {@code file:} links, {@code ..}, links out); see {@link Photos}
 * @param sheet the sheet of an .xlsx file to read, or null for the first one
 * @param retry the failed items of an earlier batch to submit again, or null for every item
 * @param maxBodyBytes the largest creation body written; reading stops at the item that would pass
 *     it, before the temporary file fills the disk (local photos are inlined in every row that
 *     names them) for a body the service refuses unread
 */
public record SubmitOptions(
    InputFormat format,
    Charset charset,
    Character delimiter,
    long maxPhotoBytes,
    String webhookUrl,
    Map<String, String> metadata,
    boolean photosAnywhere,
    String sheet,
    RetrySelection retry,
    long maxBodyBytes) {

  /** The service's default body limit for one batch (batch-api §2). */
  public static final long DEFAULT_MAX_BODY_BYTES = 256L << 20;

  public SubmitOptions {
    metadata = Collections.unmodifiableSortedMap(new TreeMap<>(metadata));
    if (maxBodyBytes < 1) {
      throw new IllegalArgumentException("maxBodyBytes must be positive");
    }
  }

  /** Within the service's default body limit. */
  public SubmitOptions(
      InputFormat format,
      Charset charset,
      Character delimiter,
      long maxPhotoBytes,
      String webhookUrl,
      Map<String, String> metadata,
      boolean photosAnywhere,
      String sheet,
      RetrySelection retry) {
    this(
        format,
        charset,
        delimiter,
        maxPhotoBytes,
        webhookUrl,
        metadata,
        photosAnywhere,
        sheet,
        retry,
        DEFAULT_MAX_BODY_BYTES);
  }

  /** Local photos only from the input file's folder; the first sheet of an .xlsx file. */
  public SubmitOptions(
      InputFormat format,
      Charset charset,
      Character delimiter,
      long maxPhotoBytes,
      String webhookUrl,
      Map<String, String> metadata) {
    this(format, charset, delimiter, maxPhotoBytes, webhookUrl, metadata, false, null);
  }

  /** Every item, read as given. */
  public SubmitOptions(
      InputFormat format,
      Charset charset,
      Character delimiter,
      long maxPhotoBytes,
      String webhookUrl,
      Map<String, String> metadata,
      boolean photosAnywhere,
      String sheet) {
    this(
        format,
        charset,
        delimiter,
        maxPhotoBytes,
        webhookUrl,
        metadata,
        photosAnywhere,
        sheet,
        null);
  }
}

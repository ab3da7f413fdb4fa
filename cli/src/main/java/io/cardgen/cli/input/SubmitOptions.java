package io.cardgen.cli.input;

import java.nio.charset.Charset;
import java.util.Map;

/**
 * How to read the input file and what goes with the batch.
 *
 * @param delimiter the CSV delimiter, or null to guess it from the header row
 * @param maxPhotoBytes the largest local photo inlined (the service's default limit is 10 MiB)
 * @param webhookUrl the batch's {@code webhook_url}, or null
 * @param metadata the batch's {@code metadata}, possibly empty
 */
public record SubmitOptions(
    InputFormat format,
    Charset charset,
    Character delimiter,
    long maxPhotoBytes,
    String webhookUrl,
    Map<String, String> metadata) {

  public SubmitOptions {
    metadata = Map.copyOf(metadata);
  }
}

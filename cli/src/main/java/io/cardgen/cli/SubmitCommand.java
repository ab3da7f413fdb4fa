package io.cardgen.cli;

import io.cardgen.cli.api.ApiError;
import io.cardgen.cli.api.ApiException;
import io.cardgen.cli.api.Batch;
import io.cardgen.cli.api.BatchApi;
import io.cardgen.cli.input.BatchFiles;
import io.cardgen.cli.input.InputFormat;
import io.cardgen.cli.input.PreparedBatch;
import io.cardgen.cli.input.RetrySelection;
import io.cardgen.cli.input.SubmitOptions;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code cardgen batch submit FILE}: one batch from a CSV, .xlsx or JSONL file, never two. */
@Command(
    name = "submit",
    mixinStandardHelpOptions = true,
    description = {
      "Submit a spreadsheet (.xlsx, or a CSV export) or a JSONL file as one batch.",
      "The Idempotency-Key is derived from the content: running it again answers the same batch."
    })
final class SubmitCommand extends BatchApiCommand implements Callable<Integer> {

  private static final Pattern KEY = Pattern.compile("[A-Za-z0-9._:-]{1,100}");

  @Parameters(paramLabel = "FILE", description = "products.xlsx, products.csv or products.jsonl")
  Path file;

  @Option(names = "--wait", description = "follow the batch with a progress bar until it is done")
  boolean waitForIt;

  @Option(names = "--webhook-url", paramLabel = "URL", description = "called when the batch ends")
  String webhookUrl;

  @Option(
      names = "--metadata",
      paramLabel = "KEY=VALUE",
      description = "a label kept with the batch (repeatable, up to 16)")
  Map<String, String> metadata = new LinkedHashMap<>();

  @Option(
      names = "--idempotency-key",
      paramLabel = "KEY",
      description = "use this key instead of the one derived from the content")
  String idempotencyKey;

  @Option(
      names = "--format",
      paramLabel = "csv|xlsx|jsonl",
      description = "the input format (default: by the file's extension)")
  InputFormat format;

  @Option(
      names = "--sheet",
      paramLabel = "NAME",
      description = "the sheet of an .xlsx file to read (default: the first)")
  String sheet;

  @Option(
      names = "--delimiter",
      paramLabel = "CHAR",
      description = "the CSV delimiter: ',' ';' or 'tab' (default: guessed from the header row)")
  String delimiter;

  @Option(
      names = "--encoding",
      paramLabel = "CHARSET",
      description =
          "the CSV file's encoding, e.g. windows-1251 (default: UTF-8, or UTF-16 by its byte"
              + " order mark; a file that is not UTF-8 is read as windows-1251, with a warning)")
  Charset encoding;

  private static final int MAX_PHOTO_MIB = 256;

  /** A tebibyte: far above any service's batch limit, far below a long's overflow. */
  private static final long MAX_BODY_MIB = 1L << 20;

  @Option(
      names = "--max-photo-mib",
      paramLabel = "MIB",
      defaultValue = "10",
      description = "the largest local photo to inline (default: ${DEFAULT-VALUE})")
  int maxPhotoMib;

  @Option(
      names = "--max-body-mib",
      paramLabel = "MIB",
      defaultValue = "256",
      description =
          "the largest batch to send, local photos inlined: the service's body limit (default:"
              + " ${DEFAULT-VALUE})")
  long maxBodyMib;

  @Option(
      names = "--allow-photos-anywhere",
      description =
          "also read local photos from outside the input file's folder (absolute paths, file:"
              + " links, .., links leading out): only for a file you trust")
  boolean photosAnywhere;

  @Option(
      names = "--retry-failed-of",
      paramLabel = "ID",
      description =
          "submit only the rows whose items failed in batch ID (made from this file), as a new"
              + " batch")
  String retryFailedOf;

  @Override
  public Integer call() throws IOException {
    CliContext context = context();
    BatchApi api = api();
    if (idempotencyKey != null && !KEY.matcher(idempotencyKey).matches()) {
      throw usage("--idempotency-key: 1 to 100 of A-Z a-z 0-9 . _ : -");
    }
    PrintStream err = context.err();
    RetrySelection retry = null;
    if (retryFailedOf != null) {
      Batch earlier = api.get(retryFailedOf);
      if (!earlier.isFinished()) {
        FailedItems.waitFor(earlier, err);
        return Exit.USAGE.code;
      }
      retry = FailedItems.of(api, earlier);
      if (retry.customIds().isEmpty()) {
        err.println(earlier.id() + " has no failed items; nothing to submit");
        return Exit.OK.code;
      }
      err.println(
          earlier.id()
              + " has "
              + retry.customIds().size()
              + " failed item(s); submitting their rows again");
    }
    Batch created;
    // The body (every item, local photos inlined: up to 256 MiB) is deleted once the batch exists,
    // not kept in the temporary folder through a watch of hours that Ctrl+C may end.
    try (PreparedBatch prepared = BatchFiles.prepare(file, options(retry))) {
      prepared.warnings().forEach(warning -> err.println("warning: " + warning));
      String key = idempotencyKey != null ? idempotencyKey : prepared.idempotencyKey();
      err.println(
          "Submitting "
              + prepared.items()
              + " item(s) from "
              + file
              + " (Idempotency-Key "
              + key
              + ")");
      created = create(api, prepared, key, err);
    }
    context.out().println(created.id());
    err.println(
        created.id()
            + " is "
            + created.status()
            + " with "
            + created.counts().total()
            + " item(s)");
    if (waitForIt) {
      WatchCommand.watch(context, api, created.id());
    } else {
      err.println("Follow it with: cardgen batch watch " + created.id());
    }
    err.println("Download the cards with: cardgen batch results " + created.id() + " -o cards.csv");
    return Exit.OK.code;
  }

  /** A 422's per-item errors are named by row before the one-line summary. */
  private static Batch create(BatchApi api, PreparedBatch prepared, String key, PrintStream err) {
    try {
      return api.create(prepared.upload(), key);
    } catch (ApiException refused) {
      for (ApiError.ItemError item : refused.error().errors()) {
        err.println(
            "  "
                + prepared.origin(item.line())
                + ": "
                + item.message()
                + (item.code() == null ? "" : " [" + item.code() + "]"));
      }
      throw refused;
    }
  }

  private SubmitOptions options(RetrySelection retry) {
    // A batch body holds 256 MiB by default (batch-api), and a photo is read whole into memory.
    if (maxPhotoMib < 1 || maxPhotoMib > MAX_PHOTO_MIB) {
      throw usage("--max-photo-mib must be 1 to " + MAX_PHOTO_MIB);
    }
    if (maxBodyMib < 1 || maxBodyMib > MAX_BODY_MIB) {
      throw usage("--max-body-mib must be 1 to " + MAX_BODY_MIB);
    }
    if (sheet != null && (format != null ? format : InputFormat.of(file)) != InputFormat.XLSX) {
      throw usage("--sheet is for .xlsx files; a CSV or JSONL file has one table");
    }
    return new SubmitOptions(
        format,
        encoding,
        delimiter(),
        maxPhotoMib * 1024L * 1024L,
        webhookUrl,
        metadata,
        photosAnywhere,
        sheet,
        retry,
        maxBodyMib << 20);
  }

  private Character delimiter() {
    if (delimiter == null) {
      return null;
    }
    if (delimiter.equalsIgnoreCase("tab") || delimiter.equals("\\t")) {
      return '\t';
    }
    if (delimiter.length() != 1) {
      throw usage("--delimiter takes one character or 'tab'");
    }
    return delimiter.charAt(0);
  }
}

package io.cardgen.cli.input;

import io.cardgen.cli.api.Upload;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Prepares an input file for submission in one pass: reads and normalizes every item, inlines local
 * photos, writes the body to a temporary file (so memory stays flat however large the file),
 * fingerprints it for the idempotency key and checks what can be checked without the server ({@code
 * custom_id} syntax and uniqueness, readable photos). Every problem found is reported at once;
 * nothing is sent while there is any.
 */
public final class BatchFiles {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private BatchFiles() {}

  public static PreparedBatch prepare(Path input, SubmitOptions options) throws IOException {
    Path baseDir = input.toAbsolutePath().getParent();
    Photos photos = new Photos(baseDir, options.maxPhotoBytes(), options.photosAnywhere());
    List<String> warnings = new ArrayList<>();
    // Warnings quote the file (its headers, its sheets' names), as problems do.
    Consumer<String> warn = warning -> warnings.add(TerminalText.of(warning));
    ItemSource source =
        switch (options.format() == null ? InputFormat.of(input) : options.format()) {
          case CSV -> new CsvItems(input, options.charset(), options.delimiter(), photos, warn);
          case JSONL -> new JsonlItems(input, photos);
          case XLSX -> new XlsxItems(input, options.sheet(), photos, warn);
        };
    Path body = Files.createTempFile("cardgen-batch-", ".body");
    // Deleted by PreparedBatch.close(); this covers a Ctrl+C before that, e.g. while the creation
    // waits out a 503 to retry.
    body.toFile().deleteOnExit();
    try {
      return write(source, body, options, warnings);
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(body);
      throw e;
    }
  }

  private static PreparedBatch write(
      ItemSource source, Path body, SubmitOptions options, List<String> warnings)
      throws IOException {
    Fingerprint fingerprint = new Fingerprint();
    List<String> origins = new ArrayList<>();
    Map<String, String> seen = new HashMap<>();
    Problems problems = new Problems();
    String contentType;
    RetrySelection retry = options.retry();
    try (BatchBody out = new BatchBody(body, !options.metadata().isEmpty())) {
      contentType = out.contentType();
      source.read(
          new ItemSink() {
            @Override
            public void accept(String origin, String customId, ObjectNode request)
                throws IOException {
              String earlier = seen.putIfAbsent(customId, origin);
              if (earlier != null) {
                problems.add(origin, "custom_id " + customId + " is already used at " + earlier);
                return;
              }
              ObjectNode item = JsonNodeFactory.instance.objectNode();
              item.put("custom_id", customId);
              item.set("request", Canonical.of(request));
              byte[] line = JSON.writeValueAsBytes(item);
              if (out.sizeWith(line) > options.maxBodyBytes()) {
                problems.add(origin, overTheBodyLimit(options.maxBodyBytes()));
                problems.throwIfAny();
              }
              fingerprint.item(line);
              out.item(line);
              origins.add(origin);
            }

            @Override
            public boolean wants(String customId) {
              return retry == null || retry.customIds().contains(customId);
            }
          },
          problems);
      if (origins.isEmpty() && !problems.any()) {
        problems.add("file", retry == null ? "no items: the file is empty" : noneOf(retry));
      }
      problems.throwIfAny();
      if (retry != null && origins.size() < retry.customIds().size()) {
        warnings.add(TerminalText.of(notInTheFile(retry, seen.keySet())));
      }
      if (retry != null && retry.customIds().stream().allMatch(id -> id.matches("row-\\d+"))) {
        warnings.add(
            "the items are named by their row (no custom_id column): if rows were inserted or"
                + " deleted since "
                + retry.batchId()
                + ", other rows than those that failed are submitted");
      }
      out.finish(JSON, options.webhookUrl(), options.metadata());
      if (out.size() > options.maxBodyBytes()) {
        problems.add("--metadata", overTheBodyLimit(options.maxBodyBytes()));
        problems.throwIfAny();
      }
    }
    Map<String, String> query = new HashMap<>();
    if (options.metadata().isEmpty() && options.webhookUrl() != null) {
      query.put("webhook_url", options.webhookUrl());
    }
    String key =
        fingerprint.key(
            options.webhookUrl(), options.metadata(), retry == null ? null : retry.batchId());
    return new PreparedBatch(new Upload(body, contentType, query), key, origins, warnings);
  }

  /**
   * Why reading stopped: every later item would only make the body larger, and the service refuses
   * a body over its limit before reading a byte of it.
   */
  private static String overTheBodyLimit(long maxBodyBytes) {
    return "the batch passes "
        + mib(maxBodyBytes)
        + " here, the most one batch may take (the service's limit, 256 MiB by default; a local"
        + " photo is inlined into the body again in every row that names it). Nothing was sent"
        + " and the rest of the file was not read: use photo links instead of local files, split"
        + " the file, or pass --max-body-mib if your service takes larger batches";
  }

  private static String mib(long bytes) {
    return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MiB" : bytes + " bytes";
  }

  private static String noneOf(RetrySelection retry) {
    return "none of the "
        + retry.customIds().size()
        + " failed item(s) of "
        + retry.batchId()
        + " is in this file; was that batch made from it?";
  }

  /** The failed items the file no longer has, the first few by name. */
  private static String notInTheFile(RetrySelection retry, Set<String> found) {
    List<String> missing =
        retry.customIds().stream().filter(id -> !found.contains(id)).sorted().toList();
    String named = String.join(", ", missing.subList(0, Math.min(5, missing.size())));
    return missing.size()
        + " failed item(s) of "
        + retry.batchId()
        + " are not in this file and are not submitted: "
        + named
        + (missing.size() > 5 ? ", …" : "");
  }
}

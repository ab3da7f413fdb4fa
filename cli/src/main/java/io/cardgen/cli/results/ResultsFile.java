package io.cardgen.cli.results;

import io.cardgen.cli.api.ResultSink;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;
import org.apache.commons.csv.QuoteMode;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The output of {@code cardgen batch results}, resumable: opening an existing file checks that it
 * holds this client's results of the same {@code --status} filter, drops a half-written last
 * record, reads the {@code seq} of the last complete one and appends after it, so an interrupted
 * download continues with {@code ?after=} and no line appears twice. Lines with a {@code seq} the
 * file already has are skipped, whatever the server sends.
 */
public final class ResultsFile implements ResultSink, AutoCloseable {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final int FLUSH_EVERY = 100;

  private final ResultFormat format;
  private final BufferedWriter writer;
  private final CSVPrinter csv;
  private final long resumedAfter;
  private long lastSeq;
  private long written;

  private ResultsFile(ResultFormat format, BufferedWriter writer, long lastSeq) throws IOException {
    this.format = format;
    this.writer = writer;
    this.resumedAfter = lastSeq;
    this.lastSeq = lastSeq;
    // Every cell quoted: a spreadsheet program that splits on ';' (the list separator of a Russian
    // Windows) must not find a new cell, perhaps a formula, after a ';' inside a text.
    this.csv =
        format == ResultFormat.CSV
            ? new CSVPrinter(
                writer,
                CSVFormat.RFC4180
                    .builder()
                    .setRecordSeparator(format.terminator)
                    .setQuoteMode(QuoteMode.ALL)
                    .get())
            : null;
  }

  /**
   * Opens {@code path} for appending after its last complete record, or afresh when it is missing,
   * empty or {@code overwrite} is set. An existing file is read in full first and changed (its
   * half-written tail cut off) only once it is known to be this client's results of the same
   * filter.
   *
   * @param batchId the batch whose results are downloaded
   * @param status the {@code --status} filter of this download, or null for all items
   * @throws NotAResultsFile when the file holds something this client did not write
   * @throws BatchMismatch when the file holds another batch's results, or does not say whose
   * @throws FilterMismatch when the file was downloaded with another filter
   */
  public static ResultsFile open(Path path, boolean overwrite, String batchId, String status)
      throws IOException {
    ResultFormat format = ResultFormat.of(path);
    long lastSeq = 0;
    boolean fresh = overwrite || !Files.exists(path) || Files.size(path) == 0;
    if (!fresh) {
      WrittenResults written = WrittenResults.read(path, format);
      BatchMark.check(path, batchId);
      written.checkContinuableWith(status);
      try (FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE)) {
        channel.truncate(written.completeLength());
      }
      lastSeq = written.lastSeq();
    }
    BufferedWriter writer =
        new BufferedWriter(
            new OutputStreamWriter(
                Files.newOutputStream(
                    path,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE,
                    fresh ? StandardOpenOption.TRUNCATE_EXISTING : StandardOpenOption.APPEND),
                StandardCharsets.UTF_8),
            1 << 16);
    if (fresh) {
      BatchMark.write(path, batchId);
    }
    ResultsFile file = new ResultsFile(format, writer, lastSeq);
    if (fresh && format == ResultFormat.CSV) {
      // The byte order mark makes spreadsheet programs read the Cyrillic texts as UTF-8.
      writer.write('\uFEFF');
      // the column names are plain words: written unquoted, as every earlier version did
      writer.write(String.join(",", CsvResults.HEADER) + format.terminator);
    }
    return file;
  }

  /** The {@code seq} the file ended with when it was opened (0 for a new file). */
  public long resumedAfter() {
    return resumedAfter;
  }

  public long lastSeq() {
    return lastSeq;
  }

  /** Lines written by this run. */
  public long written() {
    return written;
  }

  @Override
  public long accept(String line) throws IOException {
    JsonNode result = JSON.readTree(line);
    long seq = result.path("seq").asLong(0);
    if (seq <= lastSeq) {
      return lastSeq;
    }
    if (format == ResultFormat.JSONL) {
      writer.write(line.strip());
      writer.write(format.terminator);
    } else {
      csv.printRecord(CsvResults.row(result));
    }
    lastSeq = seq;
    if (++written % FLUSH_EVERY == 0) {
      writer.flush();
    }
    return seq;
  }

  @Override
  public void close() throws IOException {
    writer.close();
  }
}

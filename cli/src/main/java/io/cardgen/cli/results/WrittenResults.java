package io.cardgen.cli.results;

import io.cardgen.cli.api.BatchApi;
import io.cardgen.cli.io.BoundedLines;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.commons.csv.CSVException;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What an existing output file holds, read in full before anything in it changes: where its last
 * complete record ends, that record's {@code seq}, and whether it holds every result up to there or
 * only those of one status (a {@code --status} download; {@code seq} numbers every finished item,
 * so only a filtered file skips some). A file that is not wholly this client's results is refused.
 */
final class WrittenResults {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final Path path;
  private final long completeLength;
  private final Set<String> statuses = new TreeSet<>();
  private long lastSeq;

  /** The first {@code seq} the file leaves out, 0 when it holds 1, 2, … {@code lastSeq}. */
  private long firstSkipped;

  private WrittenResults(Path path, long completeLength) {
    this.path = path;
    this.completeLength = completeLength;
  }

  /**
   * Reads the complete records of a non-empty file.
   *
   * @throws NotAResultsFile when any complete record is not a result this client wrote, or there is
   *     no complete record at all
   */
  static WrittenResults read(Path path, ResultFormat format) throws IOException {
    long complete =
        Tail.completeLength(path, format.terminator.getBytes(StandardCharsets.US_ASCII));
    if (complete == 0) {
      throw notOurs(path);
    }
    WrittenResults written = new WrittenResults(path, complete);
    try (Reader in =
        new InputStreamReader(Tail.completeRecords(path, complete), StandardCharsets.UTF_8)) {
      if (format == ResultFormat.JSONL) {
        written.readJsonl(new BoundedLines(in, BatchApi.MAX_RESULT_LINE_CHARS));
      } else {
        written.readCsv(in);
      }
    } catch (JacksonException
        | NumberFormatException
        | CSVException
        | BoundedLines.TooLong malformed) {
      throw notOurs(path);
    } catch (UncheckedIOException failed) {
      throw failed.getCause() instanceof CSVException ? notOurs(path) : failed;
    }
    if (written.firstSkipped != 0 && written.statuses.size() > 1) {
      throw new NotAResultsFile(
          path
              + " leaves out seq "
              + written.firstSkipped
              + " yet holds results of several statuses, so it is no complete download; pass"
              + " --overwrite to download it afresh");
    }
    return written;
  }

  /** A line longer than any the service sends is not a result line this client wrote. */
  private void readJsonl(BoundedLines lines) throws IOException {
    String line;
    while ((line = lines.readLine()) != null) {
      JsonNode result = JSON.readTree(line);
      JsonNode seq = result == null ? null : result.get("seq");
      JsonNode status = result == null ? null : result.get("status");
      if (seq == null || !seq.isIntegralNumber() || !seq.canConvertToExactIntegral()) {
        throw notOurs(path);
      }
      add(seq.asLong(), status != null && status.isString() ? status.asString() : "");
    }
  }

  private void readCsv(Reader in) throws IOException {
    Iterator<CSVRecord> records = CSVParser.parse(in, CSVFormat.RFC4180).iterator();
    if (!records.hasNext() || !isHeader(records.next())) {
      throw notOurs(path);
    }
    while (records.hasNext()) {
      CSVRecord row = records.next();
      if (row.size() != CsvResults.HEADER.size()) {
        throw notOurs(path);
      }
      add(Long.parseLong(row.get(0)), row.get(2));
    }
  }

  private static boolean isHeader(CSVRecord record) {
    List<String> cells = new ArrayList<>(record.toList());
    cells.set(0, cells.get(0).replace("\uFEFF", ""));
    return cells.equals(CsvResults.HEADER);
  }

  private void add(long seq, String status) {
    if (seq <= lastSeq || status.isEmpty()) {
      throw notOurs(path);
    }
    if (firstSkipped == 0 && seq != lastSeq + 1) {
      firstSkipped = lastSeq + 1;
    }
    lastSeq = seq;
    statuses.add(status);
  }

  long completeLength() {
    return completeLength;
  }

  long lastSeq() {
    return lastSeq;
  }

  /**
   * Refuses to continue the file with another filter than the one its content shows: {@code
   * ?after=lastSeq} would never fetch the earlier items the file left out, or would put items of
   * other statuses into a filtered file.
   *
   * @param status the {@code --status} asked for now, or null for all items
   */
  void checkContinuableWith(String status) {
    boolean fits = status == null ? firstSkipped == 0 : Set.of(status).containsAll(statuses);
    if (fits) {
      return;
    }
    String only = firstSkipped == 0 ? null : statuses.iterator().next();
    throw new FilterMismatch(
        path
            + " holds "
            + (only == null ? "every result" : "only " + only + " results")
            + " up to seq "
            + lastSeq
            + ", so it cannot be continued "
            + (status == null ? "without --status" : "with --status " + status)
            + ": run the command "
            + (only == null ? "without --status" : "with --status " + only)
            + ", or pass --overwrite (or another -o file) to download it afresh");
  }

  private static NotAResultsFile notOurs(Path path) {
    return new NotAResultsFile(
        path + " exists but is not a results file of cardgen; pass --overwrite to replace it");
  }
}

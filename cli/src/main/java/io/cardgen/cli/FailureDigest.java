package io.cardgen.cli;

import io.cardgen.cli.api.ApiException;
import io.cardgen.cli.api.Batch;
import io.cardgen.cli.api.BatchApi;
import io.cardgen.cli.api.Unreachable;
import io.cardgen.cli.input.TerminalText;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The first failed items of a finished batch, under its summary: a seller sees at once why rows
 * failed (a photo link that answered 404 names the photo, ADR 0059) without downloading the results
 * first. Only the first {@value #SHOWN} are read; the stream is closed after them.
 */
final class FailureDigest {

  static final int SHOWN = 10;

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** Ends the results stream once enough failures are read; no stack trace is ever needed. */
  private static final class Enough extends RuntimeException {
    Enough() {
      super(null, null, false, false);
    }
  }

  private FailureDigest() {}

  static void print(BatchApi api, Batch finished, PrintStream err) {
    long failed = finished.counts().failed();
    if (failed == 0) {
      return;
    }
    List<String> lines = new ArrayList<>();
    try {
      api.results(
          finished.id(),
          0,
          "failed",
          line -> {
            JsonNode result = JSON.readTree(line);
            lines.add(describe(result));
            if (lines.size() == SHOWN) {
              throw new Enough();
            }
            return result.path("seq").asLong();
          });
    } catch (Enough enough) {
      // the rest are counted in the header, not listed
    } catch (ApiException | Unreachable unlisted) {
      // The batch itself has finished; only this listing failed, and the results command says why.
      err.println("The failed items could not be listed: " + unlisted.getMessage());
    }
    if (!lines.isEmpty()) {
      err.println(
          "Failed items"
              + (failed > lines.size() ? " (the first " + lines.size() + " of " + failed + ")" : "")
              + ":");
      lines.forEach(err::println);
    }
    err.println(
        "All of them: cardgen batch results " + finished.id() + " --status failed -o failed.csv");
  }

  /** " sku-1: image_invalid: Фото 2: …", made safe to print: the texts come from the service. */
  private static String describe(JsonNode result) {
    String name = result.path("custom_id").asString("");
    if (name.isEmpty()) {
      name = "#" + result.path("seq").asLong();
    }
    JsonNode error = result.path("error");
    return "  "
        + TerminalText.of(name)
        + ": "
        + TerminalText.of(error.path("code").asString(""))
        + ": "
        + TerminalText.of(error.path("message").asString(""));
  }
}

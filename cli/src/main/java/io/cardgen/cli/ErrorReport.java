package io.cardgen.cli;

import io.cardgen.cli.api.ApiError;
import io.cardgen.cli.api.ApiException;
import io.cardgen.cli.api.Unreachable;
import io.cardgen.cli.input.InputProblem;
import io.cardgen.cli.input.InvalidInput;
import io.cardgen.cli.results.BatchMismatch;
import io.cardgen.cli.results.FilterMismatch;
import io.cardgen.cli.results.NotAResultsFile;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.util.Map;
import java.util.concurrent.CancellationException;

/**
 * Turns whatever stopped a command into one line in the user's terms — the service's Russian
 * message as given, its code, and a short hint what to do — and the documented exit code.
 */
final class ErrorReport {

  private static final Map<String, String> HINTS =
      Map.ofEntries(
          Map.entry("unauthorized", "check the API key (--api-key or CARDGEN_API_KEY)"),
          Map.entry("plan_required", "the account has no plan yet: ask for one"),
          Map.entry("api_unavailable", "the account's plan has no API access: change the plan"),
          Map.entry(
              "tariff_option_unavailable", "drop that column/option or move to a plan with it"),
          Map.entry(
              "insufficient_credits",
              "a batch reserves 1 credit per item; nothing was created: top up the balance and"
                  + " run the same command again"),
          Map.entry("invalid_parameters", "fix the items named above, then submit again"),
          Map.entry("image_invalid", "fix the photos named above, then submit again"),
          Map.entry(
              "not_found",
              "no such batch for this API key (see: cardgen batch list), or no batch API at"
                  + " this --base-url"),
          Map.entry(
              "idempotency_conflict",
              "this idempotency key was used for other content: pass another --idempotency-key"),
          Map.entry(
              "payload_too_large",
              "the batch is over the service's size limit: split the file or use photo links"
                  + " instead of local files"),
          Map.entry(
              "rate_limited", "your plan's request rate is used up: run the command again later"),
          Map.entry(
              "generation_unavailable",
              "the service is briefly unavailable: run the same command again later (it never"
                  + " creates a batch twice)"));

  private ErrorReport() {}

  static Exit report(Throwable failure, PrintStream err) {
    if (failure instanceof ApiException api) {
      return api(api.error(), err);
    }
    if (failure instanceof Unreachable unreachable) {
      return line(
          err,
          "cannot reach "
              + unreachable.baseUrl()
              + " ("
              + unreachable.getMessage()
              + "). Hint: is the service running? Set --base-url or CARDGEN_BASE_URL.",
          Exit.UNAVAILABLE);
    }
    if (failure instanceof InvalidInput invalid) {
      for (InputProblem problem : invalid.problems()) {
        err.println("  " + problem.where() + ": " + problem.message());
      }
      return line(err, "the input file has problems (above); nothing was sent.", Exit.REFUSED);
    }
    if (failure instanceof NotAResultsFile notOurs) {
      return line(err, notOurs.getMessage(), Exit.USAGE);
    }
    if (failure instanceof BatchMismatch otherBatch) {
      return line(err, otherBatch.getMessage(), Exit.USAGE);
    }
    if (failure instanceof FilterMismatch otherFilter) {
      return line(err, otherFilter.getMessage(), Exit.USAGE);
    }
    if (failure instanceof UncheckedIOException io) {
      return local(io.getCause(), err);
    }
    if (failure instanceof IOException io) {
      return local(io, err);
    }
    if (failure instanceof CancellationException) {
      return line(err, "interrupted", Exit.UNAVAILABLE);
    }
    if (fromHttpClient(failure)) {
      // its messages may quote a header, and the Authorization header holds the API key
      return line(
          err,
          "unexpected failure in the HTTP client: " + failure.getClass().getName(),
          Exit.UNAVAILABLE);
    }
    return line(err, "unexpected failure: " + failure, Exit.UNAVAILABLE);
  }

  private static boolean fromHttpClient(Throwable failure) {
    Throwable t = failure;
    for (int depth = 0; t != null && depth < 10; t = t.getCause(), depth++) {
      for (StackTraceElement frame : t.getStackTrace()) {
        String type = frame.getClassName();
        if (type.startsWith("java.net.http.") || type.startsWith("jdk.internal.net.http.")) {
          return true;
        }
      }
    }
    return false;
  }

  private static Exit local(IOException failure, PrintStream err) {
    String what =
        failure instanceof NoSuchFileException missing
            ? "no such file: " + missing.getFile()
            : failure.getClass().getSimpleName() + ": " + failure.getMessage();
    return line(err, what, Exit.USAGE);
  }

  private static Exit line(PrintStream err, String message, Exit exit) {
    err.println("cardgen: " + message);
    return exit;
  }

  static Exit api(ApiError error, PrintStream err) {
    Exit exit = exitOf(error.status());
    StringBuilder line = new StringBuilder("cardgen: ");
    line.append(
        error.message() != null ? error.message() : "the service answered HTTP " + error.status());
    line.append(" (HTTP ").append(error.status());
    if (error.code() != null) {
      line.append(' ').append(error.code());
    }
    line.append(')');
    if (error.retryAfter() != null) {
      line.append(", retry after ").append(error.retryAfter().toSeconds()).append(" s");
    }
    String hint = hint(error);
    if (hint != null) {
      line.append(". Hint: ").append(hint);
    }
    err.println(line);
    return exit;
  }

  private static String hint(ApiError error) {
    if (error.code() != null && HINTS.containsKey(error.code())) {
      return HINTS.get(error.code());
    }
    return switch (error.status()) {
      case 400 -> "batches need the current API revision: ask for the account to be switched";
      case 404 -> "not found: is --base-url the cardgen public API?";
      default -> error.status() >= 500 ? "a service error: run the same command again later" : null;
    };
  }

  private static Exit exitOf(int status) {
    return switch (status) {
      case 400, 413, 422 -> Exit.REFUSED;
      case 401, 403 -> Exit.ACCESS;
      case 404, 410 -> Exit.NOT_FOUND;
      case 409 -> Exit.CONFLICT;
      case 429 -> Exit.RATE_LIMITED;
      default -> Exit.UNAVAILABLE;
    };
  }
}

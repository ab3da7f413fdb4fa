package io.cardgen.evals;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code scripts/eval}: sends every golden product to a cardgen with bounded concurrency, scores
 * the cards and writes {@code report.md} and {@code report.json}. Exits 0 when every card was sent
 * (whatever the figures), 2 on a usage error, 1 when it could not run or stopped early.
 */
public final class EvalCommand {

  /** The code of a card not sent because an earlier answer said the rest would be refused. */
  static final String NOT_SENT = "eval_not_sent";

  /** Account refusals: every further card would be refused alike, so the run stops. */
  private static final Set<String> ACCOUNT_REFUSALS =
      Set.of(
          "unauthorized",
          "plan_required",
          "api_unavailable",
          "tariff_option_unavailable",
          "insufficient_credits");

  private EvalCommand() {}

  public static void main(String[] args) {
    System.exit(run(System.out, System.err, System.getenv(), args));
  }

  /** Runs the eval with the process's environment; returns the exit code. */
  public static int run(PrintStream out, PrintStream err, String... args) {
    return run(out, err, System.getenv(), args);
  }

  static int run(PrintStream out, PrintStream err, Map<String, String> env, String... args) {
    EvalOptions options;
    try {
      options = EvalOptions.parse(env, args);
    } catch (IllegalArgumentException e) {
      err.println(e.getMessage());
      err.println(EvalOptions.USAGE);
      return 2;
    }
    try {
      JsonNode report = evaluate(options, err);
      out.println(Files.readString(options.out().resolve("report.md"), StandardCharsets.UTF_8));
      out.println(
          "Report: " + options.out().resolve("report.md") + ", " + report.path("cards") + " cards");
      report.path("warnings").values().forEach(warning -> err.println(warning.asString()));
      return report.path("not_sent").asInt() == 0 ? 0 : 1;
    } catch (IOException | RuntimeException e) {
      err.println(); // ends the progress bar's line
      err.println("The eval could not run: " + (e.getMessage() == null ? e : e.getMessage()));
      return 1;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("The eval was interrupted");
      return 1;
    }
  }

  static JsonNode evaluate(EvalOptions options, PrintStream progress)
      throws IOException, InterruptedException {
    List<GoldenProduct> products = GoldenProduct.load(options.golden());
    if (options.only() > 0 && options.only() < products.size()) {
      products = products.subList(0, options.only());
    }
    if (products.isEmpty()) {
      throw new IllegalStateException("No golden products in " + options.golden());
    }
    WorkerMetrics metrics = options.metricsUrl().map(WorkerMetrics::new).orElse(null);
    Map<String, Double> before = metrics == null ? Map.of() : scrapeBefore(metrics, options);
    Instant started = Instant.now();
    List<CardScore> scores = generate(options, products, progress);
    List<String> warnings = new ArrayList<>();
    Map<String, Double> worker = Map.of();
    String unmeasured = metrics == null ? "no `--metrics-url`" : null;
    if (metrics != null) {
      try {
        worker = WorkerMetrics.delta(before, metrics.scrape());
      } catch (IOException e) {
        unmeasured = "the last scrape failed";
        warnings.add(
            "The worker's metrics could not be read after the run (%s): first pass, repairs and"
                    .formatted(e.getMessage())
                + " tokens are not measured; the cards' own figures are.");
      }
    }
    ObjectNode report = RunFigures.of(scores, worker, options.priceIn(), options.priceOut());
    if (unmeasured != null) {
      report.put("worker_metrics_missing", unmeasured);
    }
    warnings.forEach(report.withArray("warnings")::add);
    if (report.path("not_sent").asInt() > 0) {
      report
          .withArray("warnings")
          .add(
              "%d cards were not sent after an answer that every further card would get: the run is incomplete."
                  .formatted(report.path("not_sent").asInt()));
    }
    ObjectNode run = report.putObject("run");
    run.put("base_url", options.baseUrl().toString());
    run.put("golden", options.golden().toString());
    run.put("concurrency", options.concurrency());
    run.put("started", started.toString());
    run.put("finished", Instant.now().toString());
    Files.createDirectories(options.out());
    Json.MAPPER
        .writerWithDefaultPrettyPrinter()
        .writeValue(options.out().resolve("report.json").toFile(), report);
    Files.writeString(
        options.out().resolve("report.md"),
        Report.markdown(report, baseline(options), "cardgen eval, " + started),
        StandardCharsets.UTF_8);
    return report;
  }

  /** Fails before any card is sent (and paid for) when the worker's metrics cannot be read. */
  private static Map<String, Double> scrapeBefore(WorkerMetrics metrics, EvalOptions options)
      throws IOException, InterruptedException {
    try {
      return metrics.scrape();
    } catch (IOException e) {
      throw new IOException(
          "the worker's metrics at %s could not be read (%s); nothing was sent"
              .formatted(options.metricsUrl().orElseThrow(), e.getMessage()),
          e);
    }
  }

  /**
   * The first product goes alone: a wrong key, plan or address shows on one card instead of on
   * every card of the set. After that, an account refusal stops the cards not yet sent.
   */
  private static List<CardScore> generate(
      EvalOptions options, List<GoldenProduct> products, PrintStream progress)
      throws InterruptedException {
    CardgenClient client =
        new CardgenClient(
            options.baseUrl(), options.apiKey(), Long.toString(System.nanoTime(), 36));
    ProgressBar bar = new ProgressBar(progress, products.size());
    CardRun first = client.generate(products.get(0));
    bar.cardDone(first.succeeded());
    // a first card that timed out too: the service is not serving, and each card would wait alike
    if (stops(first) || CardgenClient.TIMEOUT_CODE.equals(first.code())) {
      throw new IllegalStateException(
          "the first card was refused (%s), so no other was sent; check --base-url and the API key's plan and credits"
              .formatted(describe(first)));
    }
    List<CardScore> scores = new ArrayList<>(List.of(CardScorer.score(first)));
    AtomicReference<String> stop = new AtomicReference<>();
    ExecutorService pool = Executors.newFixedThreadPool(options.concurrency());
    try {
      List<Future<CardScore>> futures = new ArrayList<>();
      for (GoldenProduct product : products.subList(1, products.size())) {
        futures.add(pool.submit(() -> CardScorer.score(send(client, product, stop, bar))));
      }
      for (Future<CardScore> future : futures) {
        scores.add(future.get());
      }
      scores.sort(Comparator.comparing(CardScore::id));
      return scores;
    } catch (ExecutionException e) {
      throw new IllegalStateException("Scoring a card failed", e.getCause());
    } finally {
      pool.shutdownNow();
    }
  }

  private static CardRun send(
      CardgenClient client, GoldenProduct product, AtomicReference<String> stop, ProgressBar bar) {
    String reason = stop.get();
    CardRun run =
        reason != null
            ? CardRun.unanswered(product, NOT_SENT, "not sent after " + reason, 0)
            : client.generate(product);
    if (stops(run)) {
      stop.compareAndSet(null, describe(run));
    }
    bar.cardDone(run.succeeded());
    return run;
  }

  /** Whether every further card would get the same answer: no use sending them. */
  private static boolean stops(CardRun run) {
    return run.code() != null
        && (ACCOUNT_REFUSALS.contains(run.code())
            || run.status() == 404
            || run.code().equals(CardgenClient.CONNECTION_CODE));
  }

  private static String describe(CardRun run) {
    return "%s%s%s"
        .formatted(
            run.status() == 0 ? "" : "HTTP " + run.status() + " ",
            run.code(),
            run.message() == null ? "" : ": " + run.message());
  }

  /** The given baseline, or {@code evals/baseline.json} next to the golden set when present. */
  private static JsonNode baseline(EvalOptions options) {
    Path file =
        options
            .baseline()
            .orElse(options.golden().toAbsolutePath().getParent().resolve("baseline.json"));
    return Files.isRegularFile(file) ? Json.MAPPER.readTree(file.toFile()) : null;
  }
}

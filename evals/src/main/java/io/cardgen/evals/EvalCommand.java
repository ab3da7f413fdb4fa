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
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code scripts/eval}: sends every golden product to a cardgen with bounded concurrency, scores
 * the cards and writes {@code report.md} and {@code report.json}. Exits 0 when it ran (whatever the
 * figures), 2 on a usage error, 1 when it could not run.
 */
public final class EvalCommand {

  private EvalCommand() {}

  public static void main(String[] args) {
    System.exit(run(System.out, System.err, args));
  }

  /** Runs the eval; returns the exit code. */
  public static int run(PrintStream out, PrintStream err, String... args) {
    EvalOptions options;
    try {
      options = EvalOptions.parse(args);
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
      return 0;
    } catch (IOException | RuntimeException e) {
      err.println("The eval could not run: " + e);
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
    Map<String, Double> before = metrics == null ? Map.of() : metrics.scrape();
    List<CardScore> scores = generate(options, products, progress);
    Map<String, Double> worker =
        metrics == null ? Map.of() : WorkerMetrics.delta(before, metrics.scrape());
    ObjectNode report = RunFigures.of(scores, worker, options.priceIn(), options.priceOut());
    JsonNode baseline = baseline(options);
    Files.createDirectories(options.out());
    Json.MAPPER
        .writerWithDefaultPrettyPrinter()
        .writeValue(options.out().resolve("report.json").toFile(), report);
    Files.writeString(
        options.out().resolve("report.md"),
        Report.markdown(report, baseline, "cardgen eval, " + Instant.now()),
        StandardCharsets.UTF_8);
    return report;
  }

  private static List<CardScore> generate(
      EvalOptions options, List<GoldenProduct> products, PrintStream progress)
      throws InterruptedException {
    CardgenClient client =
        new CardgenClient(
            options.baseUrl(), options.apiKey(), Long.toString(System.nanoTime(), 36));
    ProgressBar bar = new ProgressBar(progress, products.size());
    ExecutorService pool = Executors.newFixedThreadPool(options.concurrency());
    try {
      List<Future<CardScore>> futures = new ArrayList<>();
      for (GoldenProduct product : products) {
        futures.add(
            pool.submit(
                () -> {
                  CardRun run = client.generate(product);
                  bar.cardDone(run.succeeded());
                  return CardScorer.score(run);
                }));
      }
      List<CardScore> scores = new ArrayList<>();
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

  /** The given baseline, or {@code evals/baseline.json} next to the golden set when present. */
  private static JsonNode baseline(EvalOptions options) {
    Path file =
        options
            .baseline()
            .orElse(options.golden().toAbsolutePath().getParent().resolve("baseline.json"));
    return Files.isRegularFile(file) ? Json.MAPPER.readTree(file.toFile()) : null;
  }
}

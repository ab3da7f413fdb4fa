package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;

/**
 * Every metric the Grafana dashboard and the Prometheus alert rules name must be published by the
 * running gateway or worker: a renamed meter would otherwise leave a panel empty and an alert
 * silent, and nothing else would notice. The names are read from the files themselves, so a new
 * panel or rule is checked without touching this test.
 */
class MetricsCatalogIT {

  private static final Path DEPLOY = Path.of("..").toAbsolutePath().normalize();
  private static final Path ALERTS = DEPLOY.resolve("prometheus/alerts.yml");
  private static final Path DASHBOARD = DEPLOY.resolve("grafana/dashboards/cardgen.json");

  /**
   * Named in the dashboard or the rules, published by work not merged into this branch yet (or by
   * nobody yet), with who owes it. The integrator removes each entry as its work lands; an entry
   * whose metric is published already fails {@link #pendingMetricsAreStillPending}, so this list
   * cannot silently outlive its reason.
   */
  private static final Map<String, String> PENDING = Map.of();

  private static final String GC_PAUSES = "jvm_gc_pause_seconds_sum";

  private static Scrape gateway;
  private static Scrape worker;

  @BeforeAll
  static void scrapeAfterOneCard() throws Exception {
    TestStack stack = SharedStack.get();
    // One card, so that the request, producer and LLM meters have been touched at least once.
    TestStack.Response response =
        stack.generate(stack.demoKey(), "metrics-catalog-1", RequestBodies.aRequest().json());
    assertThat(response.status()).as("%s", response).isEqualTo(200);
    // jvm_gc_pause_* appears with the JVM's first collection, which a short run of the suite may
    // not have had yet: every deployment has, so the test collects once rather than hope.
    System.gc();
    int workerPort = ((WebServerApplicationContext) stack.app.worker()).getWebServer().getPort();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              gateway = Scrape.of(stack.managementText("/actuator/prometheus"));
              worker = Scrape.of(get("http://localhost:" + workerPort + "/actuator/prometheus"));
              return gateway.has(GC_PAUSES) && worker.has(GC_PAUSES);
            });
  }

  @Test
  void everyMetricOfTheAlertRulesIsPublished() throws Exception {
    assertPublished(PromQl.uses(alertExpressions()));
  }

  @Test
  void everyMetricOfTheDashboardIsPublished() throws Exception {
    assertPublished(PromQl.uses(dashboardExpressions()));
  }

  @Test
  void pendingMetricsAreStillPending() {
    Set<String> publishedAlready =
        PENDING.keySet().stream()
            .filter(name -> gateway.has(name) || worker.has(name))
            .collect(Collectors.toCollection(TreeSet::new));
    assertThat(publishedAlready).as("published now: remove them from PENDING").isEmpty();
  }

  @Test
  void theExtractionSeesTheMetricsItMustCheck() throws Exception {
    // Guards the parser: were it to find nothing, the two checks above would pass vacuously.
    Set<String> names =
        PromQl.uses(alertExpressions()).stream()
            .map(PromQl.Use::metric)
            .collect(Collectors.toSet());
    assertThat(names)
        .contains(
            "http_server_requests_seconds_count",
            "http_server_requests_seconds_bucket",
            "cardgen_audit_breaches",
            "hikaricp_connections_timeout_total")
        .doesNotContain("sum", "rate", "by", "le", "job", "up", "time");
    assertThat(PromQl.uses(dashboardExpressions())).hasSizeGreaterThan(15);
  }

  private static void assertPublished(Set<PromQl.Use> uses) {
    Set<String> missing = new TreeSet<>();
    for (PromQl.Use use : uses) {
      if (PENDING.containsKey(use.metric())) {
        continue;
      }
      boolean found =
          switch (use.job()) {
            case "cardgen-gateway" -> gateway.has(use.metric());
            case "cardgen-worker" -> worker.has(use.metric());
            default -> gateway.has(use.metric()) || worker.has(use.metric());
          };
      if (!found) {
        missing.add(use.metric() + " (" + (use.job().isEmpty() ? "any job" : use.job()) + ")");
      }
    }
    assertThat(missing).as("named but not on /actuator/prometheus").isEmpty();
  }

  @SuppressWarnings("unchecked")
  private static List<String> alertExpressions() throws Exception {
    Map<String, Object> rules = new Yaml().load(Files.readString(ALERTS));
    return ((List<Map<String, Object>>) rules.get("groups"))
        .stream()
            .flatMap(group -> ((List<Map<String, Object>>) group.get("rules")).stream())
            .map(rule -> String.valueOf(rule.get("expr")))
            .toList();
  }

  private static List<String> dashboardExpressions() throws Exception {
    JsonNode dashboard = TestStack.JSON.readTree(Files.readString(DASHBOARD));
    List<String> expressions = new ArrayList<>();
    for (JsonNode panel : dashboard.get("panels")) {
      for (JsonNode target : panel.get("targets")) {
        expressions.add(target.get("expr").asString());
      }
    }
    return expressions;
  }

  private static String get(String url) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30)).build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(url).isEqualTo(200);
    return response.body();
  }

  /** The sample names of one Prometheus text exposition. */
  private record Scrape(Set<String> samples) {
    static Scrape of(String text) {
      return new Scrape(
          text.lines()
              .filter(line -> !line.isBlank() && !line.startsWith("#"))
              .map(line -> line.split("[{ ]", 2)[0])
              .collect(Collectors.toCollection(LinkedHashSet::new)));
    }

    boolean has(String sample) {
      return samples.contains(sample);
    }
  }
}

package io.cardgen.cli;

import io.cardgen.cli.api.BatchApi;
import io.cardgen.cli.api.RetryPolicy;
import java.net.URI;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Where the service is and who calls it: flags first, then {@code CARDGEN_BASE_URL} and {@code
 * CARDGEN_API_KEY}. The key is never printed, not even in errors.
 */
final class ConnectionOptions {

  static final String DEFAULT_BASE_URL = "http://localhost:8080";

  @Option(
      names = "--api-key",
      paramLabel = "KEY",
      description = "API key (default: $CARDGEN_API_KEY; prefer the variable, flags show in ps)")
  String apiKey;

  @Option(
      names = "--base-url",
      paramLabel = "URL",
      description =
          "the service's public address (default: $CARDGEN_BASE_URL or " + DEFAULT_BASE_URL + ")")
  String baseUrl;

  BatchApi api(CliContext context, picocli.CommandLine commandLine) {
    String key = apiKey != null ? apiKey : context.env().get("CARDGEN_API_KEY");
    if (key == null || key.isBlank()) {
      throw new ParameterException(
          commandLine, "no API key: pass --api-key or set CARDGEN_API_KEY");
    }
    String base = baseUrl != null ? baseUrl : context.env().get("CARDGEN_BASE_URL");
    URI uri;
    try {
      uri = URI.create(base == null || base.isBlank() ? DEFAULT_BASE_URL : base.strip());
    } catch (IllegalArgumentException e) {
      throw new ParameterException(commandLine, "the base URL is not a URL: " + base);
    }
    if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
      throw new ParameterException(commandLine, "the base URL must start with http:// or https://");
    }
    return new BatchApi(
        context.http(),
        uri,
        key.strip(),
        RetryPolicy.standard(
            context.pause(), notice -> context.err().println("cardgen: " + notice)));
  }
}

package io.cardgen.cli;

import io.cardgen.cli.api.BatchApi;
import io.cardgen.cli.api.RetryPolicy;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * Where the service is and who calls it: flags first, then {@code CARDGEN_BASE_URL} and {@code
 * CARDGEN_API_KEY}. The key is never printed, not even in errors, and goes in plain http only to
 * this computer (localhost, 127.0.0.0/8, ::1) unless {@code --allow-plain-http} says otherwise.
 */
final class ConnectionOptions {

  static final String DEFAULT_BASE_URL = "http://localhost:8080";

  /** A dotted IPv4 literal, as a URL writes one. */
  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");

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

  @Option(
      names = "--allow-plain-http",
      description =
          "allow an http:// base URL to another computer, sending the API key unencrypted"
              + " (http:// to localhost needs no flag)")
  boolean plainHttp;

  BatchApi api(CliContext context, picocli.CommandLine commandLine) {
    String key = apiKey != null ? apiKey : context.env().get("CARDGEN_API_KEY");
    if (key == null || key.isBlank()) {
      throw new ParameterException(
          commandLine, "no API key: pass --api-key or set CARDGEN_API_KEY");
    }
    key = key.strip();
    String keyProblem = ApiKeyText.problem(key);
    if (keyProblem != null) {
      throw new ParameterException(commandLine, keyProblem);
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
    if ("http".equals(uri.getScheme()) && !isLoopback(uri.getHost())) {
      if (!plainHttp) {
        throw new ParameterException(
            commandLine,
            "the base URL "
                + uri
                + " is plain http to another computer, which would send the API key"
                + " unencrypted: use https://, or pass --allow-plain-http if the network is"
                + " trusted (plain http is allowed to localhost only)");
      }
      context.err().println("cardgen: warning: the API key goes unencrypted to " + uri.getHost());
    }
    return new BatchApi(
        context.http(),
        uri,
        key,
        RetryPolicy.standard(
            context.pause(), notice -> context.err().println("cardgen: " + notice)));
  }

  /**
   * localhost, 127.0.0.0/8 or ::1, written as such: the name or an address literal. A host name is
   * never looked up, so one that merely resolves to this computer does not count.
   */
  static boolean isLoopback(String host) {
    if (host == null || host.isEmpty()) {
      return false;
    }
    String name = host.toLowerCase(Locale.ROOT);
    if (name.equals("localhost") || name.equals("localhost.")) {
      return true;
    }
    if (IPV4.matcher(name).matches()) {
      String[] octets = name.split("\\.");
      for (String octet : octets) {
        if (Integer.parseInt(octet) > 255) {
          return false;
        }
      }
      return octets[0].equals("127");
    }
    if (name.startsWith("[") && name.endsWith("]")) {
      try {
        // a bracketed IPv6 literal is parsed, never looked up
        return InetAddress.getByName(name).isLoopbackAddress();
      } catch (UnknownHostException notAnAddress) {
        return false;
      }
    }
    return false;
  }
}

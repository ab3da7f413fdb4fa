package io.cardgen.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import picocli.CommandLine;

/** The API key goes in plain http only to this computer, unless the user says otherwise. */
class ConnectionOptionsTest {

  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private final CliContext context =
      new CliContext(
          Map.of("CARDGEN_API_KEY", "sk-secret"),
          new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
          new PrintStream(err, true, StandardCharsets.UTF_8),
          duration -> {},
          HttpClient.newHttpClient(),
          false);
  private final CommandLine commandLine = new CommandLine(new Cardgen(context));

  @ParameterizedTest
  @ValueSource(
      strings = {"localhost", "LocalHost", "127.0.0.1", "127.8.9.10", "[::1]", "[0:0:0:0:0:0:0:1]"})
  void loopbackNamesAndAddresses(String host) {
    assertThat(ConnectionOptions.isLoopback(host)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "cards.example.com",
        "localhost.evil.example",
        "127.0.0.1.evil.example",
        "10.0.0.1",
        "128.0.0.1",
        "127.0.0.256",
        "[::2]",
        ""
      })
  void otherHosts(String host) {
    assertThat(ConnectionOptions.isLoopback(host)).isFalse();
  }

  @Test
  void plainHttpToLocalhostAndHttpsAnywhereNeedNoFlag() {
    for (String url :
        new String[] {
          null,
          "http://localhost:8080",
          "http://127.0.0.1:18080/",
          "http://[::1]:8080",
          "https://cards.example.com"
        }) {
      assertThat(options(url, false).api(context, commandLine)).as(url).isNotNull();
    }
    assertThat(err.toString(StandardCharsets.UTF_8)).isEmpty();
  }

  @Test
  void plainHttpToAnotherComputerNeedsAllowPlainHttp() {
    assertThatThrownBy(() -> options("http://10.1.2.3:8080", false).api(context, commandLine))
        .isInstanceOf(CommandLine.ParameterException.class)
        .hasMessageContaining("is plain http to another computer")
        .hasMessageContaining("--allow-plain-http")
        .hasMessageNotContaining("sk-secret");

    assertThat(options("http://10.1.2.3:8080", true).api(context, commandLine)).isNotNull();
    assertThat(err.toString(StandardCharsets.UTF_8))
        .isEqualTo("cardgen: warning: the API key goes unencrypted to 10.1.2.3\n");
  }

  private static ConnectionOptions options(String baseUrl, boolean plainHttp) {
    ConnectionOptions options = new ConnectionOptions();
    options.baseUrl = baseUrl;
    options.plainHttp = plainHttp;
    return options;
  }
}

package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The standalone launcher's AOT cache (ADR 0041), with a stand-in for java that prints the command
 * line it is finally started with: which jar runs, whether it records a cache or reads one, and
 * when it does neither.
 */
class LauncherAotCacheTest {

  private static final Path LAUNCHER =
      Path.of("cardgen-standalone.sh").toAbsolutePath().normalize();
  private static final String FAKE_JAVA =
      """
      #!/usr/bin/env bash
      case "$*" in
        *-XshowSettings:properties*) echo "    java.specification.version = $FAKE_JAVA_VERSION" >&2 ;;
        -version) echo "openjdk version \\"$FAKE_JAVA_VERSION-fake\\"" >&2 ;;
        *-Djarmode=tools*)
          [[ ${FAKE_EXTRACT_FAILS:-0} == 0 ]] || exit 1
          mkdir -p "${*: -1}" && cp "$3" "${*: -1}/"
          ;;
        *) printf '%s\\n' "$@" ;;
      esac
      """;

  @TempDir Path dir;
  private Path jar;
  private Path aot;
  private final Map<String, String> env = new HashMap<>();

  private record Started(List<String> args, String output) {
    String jar() {
      return args.get(args.indexOf("-jar") + 1);
    }

    boolean has(String prefix) {
      return args.stream().anyMatch(arg -> arg.startsWith(prefix));
    }
  }

  @BeforeEach
  void fakeJdkAndJar() throws IOException {
    Path java = dir.resolve("java");
    Files.writeString(java, FAKE_JAVA);
    Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwx------"));
    jar = Files.writeString(dir.resolve("cardgen-standalone.jar"), "a jar");
    aot = dir.resolve("aot");
    env.put("CARDGEN_JAVA", java.toString());
    env.put("CARDGEN_AOT_DIR", aot.toString());
    env.put("FAKE_JAVA_VERSION", "25");
  }

  @Test
  void theFirstRunOfAJarRecordsTheCacheFromTheExtractedJar() throws IOException {
    Started first = launch();

    Path cacheDir = onlyCacheDir();
    assertThat(first.jar()).isEqualTo(cacheDir.resolve("app/cardgen-standalone.jar").toString());
    assertThat(Files.readString(Path.of(first.jar()))).isEqualTo("a jar");
    assertThat(first.args()).contains("-XX:AOTCacheOutput=" + cacheDir.resolve("cardgen.aot"));
    assertThat(first.has("-XX:AOTCache=")).isFalse();
    assertThat(first.output()).contains("records the AOT cache");
    assertThat(cacheDir.resolve("recording.pid")).exists();
  }

  @Test
  void laterRunsStartWithTheRecordedCache() throws IOException {
    launch();
    Path cache = Files.writeString(onlyCacheDir().resolve("cardgen.aot"), "written at exit");

    Started second = launch();

    assertThat(second.args()).contains("-XX:AOTCache=" + cache);
    assertThat(second.has("-XX:AOTCacheOutput=")).isFalse();
    assertThat(second.jar())
        .isEqualTo(cache.resolveSibling("app/cardgen-standalone.jar").toString());
    assertThat(cache.resolveSibling("recording.pid")).doesNotExist();
  }

  @Test
  void nobodyReadsOrRecordsACacheWhileItsRecorderIsAlive() throws IOException {
    launch();
    Path cacheDir = onlyCacheDir();
    Files.writeString(cacheDir.resolve("cardgen.aot"), "half written");
    // This test's own JVM stands for a recorder still writing its cache.
    Files.writeString(cacheDir.resolve("recording.pid"), ProcessHandle.current().pid() + "\n");

    Started meanwhile = launch();

    assertThat(meanwhile.has("-XX:AOTCache")).isFalse();
    assertThat(meanwhile.jar()).startsWith(cacheDir.toString());
  }

  @Test
  void aRecorderThatDiedWithoutItsCacheIsReplacedByTheNextRun() throws IOException {
    Started first = launch();
    assertThat(first.has("-XX:AOTCacheOutput=")).isTrue();

    Started second = launch();

    assertThat(second.has("-XX:AOTCacheOutput=")).isTrue();
  }

  @Test
  void anotherJarOrOtherFlagsGetACacheOfTheirOwn() throws IOException {
    launch();
    env.put("JAVA_OPTS", "-Dcardgen.example=1");
    launch();
    env.remove("JAVA_OPTS");
    Files.writeString(jar, "a rebuilt jar");
    Started rebuilt = launch();

    try (Stream<Path> dirs = Files.list(aot)) {
      assertThat(dirs.filter(Files::isDirectory)).hasSize(3);
    }
    assertThat(Files.readString(Path.of(rebuilt.jar()))).isEqualTo("a rebuilt jar");
  }

  @Test
  void cachesNotStartedForADayAreRemovedWhenANewOneIsMade() throws IOException {
    Path stale = Files.createDirectories(aot.resolve("0123456789abcdef/app"));
    Path recent = Files.createDirectories(aot.resolve("fedcba9876543210/app"));
    Files.setLastModifiedTime(
        stale.getParent(), FileTime.from(Instant.now().minus(Duration.ofDays(2))));

    launch();

    assertThat(stale.getParent()).doesNotExist();
    assertThat(recent.getParent()).exists();
  }

  @Test
  void switchedOffItRunsTheJarAsItIs() throws IOException {
    env.put("CARDGEN_AOT", "off");

    Started started = launch();

    assertRanTheJarAsItIs(started);
    assertThat(aot).doesNotExist();
  }

  @Test
  void beforeJdk25ItRunsTheJarAsItIs() throws IOException {
    env.put("FAKE_JAVA_VERSION", "21");

    Started started = launch();

    assertRanTheJarAsItIs(started);
    assertThat(started.args()).doesNotContain("-XX:+UseCompactObjectHeaders");
  }

  @Test
  void aJarThatCannotBeExtractedRunsAsItIs() throws IOException {
    env.put("FAKE_EXTRACT_FAILS", "1");

    Started started = launch();

    assertRanTheJarAsItIs(started);
    assertThat(started.output()).contains("could not extract");
  }

  @Test
  void aCacheDirectoryItCannotWriteRunsTheJarAsItIs() throws IOException {
    env.put("CARDGEN_AOT_DIR", jar.resolve("aot").toString());

    Started started = launch();

    assertRanTheJarAsItIs(started);
    assertThat(started.output()).contains("cannot write");
  }

  private void assertRanTheJarAsItIs(Started started) {
    assertThat(started.jar()).isEqualTo(jar.toString());
    assertThat(started.has("-XX:AOTCache")).isFalse();
  }

  private Path onlyCacheDir() throws IOException {
    try (Stream<Path> dirs = Files.list(aot)) {
      return dirs.filter(Files::isDirectory)
          .filter(d -> !d.getFileName().toString().startsWith("."))
          .reduce(
              (a, b) -> {
                throw new AssertionError("more than one cache directory: " + a + ", " + b);
              })
          .orElseThrow();
    }
  }

  private Started launch() throws IOException {
    ProcessBuilder builder =
        new ProcessBuilder("bash", LAUNCHER.toString(), jar.toString())
            .directory(dir.toFile())
            .redirectErrorStream(true);
    builder.environment().remove("JAVA_OPTS");
    builder.environment().remove("JAVA_HOME");
    builder.environment().remove("CARDGEN_AOT");
    builder.environment().remove("CARDGEN_HEAP");
    builder.environment().keySet().removeIf(variable -> variable.startsWith("CARDGEN_LLM_"));
    builder.environment().putAll(env);
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      assertThat(process.waitFor(1, TimeUnit.MINUTES)).as("the launcher finished").isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError("interrupted", e);
    }
    assertThat(process.exitValue()).as(output).isZero();
    List<String> args = output.lines().filter(line -> !line.startsWith("cardgen:")).toList();
    return new Started(args, output);
  }
}

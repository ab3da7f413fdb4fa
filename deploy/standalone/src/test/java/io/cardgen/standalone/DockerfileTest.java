package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * deploy/docker/Dockerfile against the root pom. Its dependency layer is built from the pom.xml
 * files alone, and Maven refuses to read the root pom while any module it lists has no pom: a
 * module added to the build without its COPY line breaks every image build, which no Maven test
 * would notice.
 */
class DockerfileTest {

  private static final Path ROOT = Path.of("..", "..").toAbsolutePath().normalize();
  private static final Pattern MODULE = Pattern.compile("<module>([^<]+)</module>");

  @Test
  void dependencyLayerCopiesThePomOfEveryModule() throws Exception {
    String dockerfile = Files.readString(ROOT.resolve("deploy/docker/Dockerfile"));
    List<String> modules = modules();

    assertThat(modules).isNotEmpty();
    List<String> notCopied =
        modules.stream().filter(module -> !copyLine(module).matcher(dockerfile).find()).toList();
    assertThat(notCopied)
        .as("modules whose pom.xml deploy/docker/Dockerfile does not COPY into /src")
        .isEmpty();
  }

  /**
   * Issue 11 and ADR 0043: the apps run on JDK 21 or newer by default, where the worker's jobs get
   * virtual threads; on 17 each of its thousand jobs in flight would hold a platform thread.
   */
  @Test
  void runtimeImageIsJdk21OrNewer() throws Exception {
    String dockerfile = Files.readString(ROOT.resolve("deploy/docker/Dockerfile"));
    Matcher runtime =
        Pattern.compile("(?m)^ARG RUNTIME_IMAGE=eclipse-temurin:(\\d+)-jre$").matcher(dockerfile);

    assertThat(runtime.find()).as("ARG RUNTIME_IMAGE=eclipse-temurin:<major>-jre").isTrue();
    assertThat(Integer.parseInt(runtime.group(1))).isGreaterThanOrEqualTo(21);
  }

  private static Pattern copyLine(String module) {
    return Pattern.compile("(?m)^COPY " + Pattern.quote(module + "/pom.xml " + module + "/") + "$");
  }

  private static List<String> modules() throws Exception {
    Matcher matcher = MODULE.matcher(Files.readString(ROOT.resolve("pom.xml")));
    return matcher.results().map(result -> result.group(1).trim()).toList();
  }
}

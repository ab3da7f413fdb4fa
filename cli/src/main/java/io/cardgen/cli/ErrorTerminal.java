package io.cardgen.cli;

import java.io.Console;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Whether standard error, where the progress bar goes, is an interactive terminal: only then is the
 * bar drawn in colour and redrawn in place with {@code \r}; a log file or a pipe gets plain lines.
 * {@code System.console()} describes standard input and output, not error, and from JDK 22 on it is
 * there even when they are redirected; on Linux the descriptor itself says where it leads.
 */
final class ErrorTerminal {

  static final String SETTING = "CARDGEN_PROGRESS";
  private static final Path STANDARD_ERROR = Path.of("/proc/self/fd/2");

  private ErrorTerminal() {}

  static boolean detect(Map<String, String> env) {
    return detect(env, STANDARD_ERROR, System.console());
  }

  /**
   * @param descriptor the link to standard error's open file, where the system has one
   */
  static boolean detect(Map<String, String> env, Path descriptor, Console console) {
    String asked = env.getOrDefault(SETTING, "");
    if (asked.equalsIgnoreCase("plain") || "dumb".equals(env.get("TERM"))) {
      return false;
    }
    if (asked.equalsIgnoreCase("bar")) {
      return true;
    }
    if (Files.isSymbolicLink(descriptor)) {
      try {
        String target = Files.readSymbolicLink(descriptor).toString();
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
      } catch (IOException unreadable) {
        // fall through to the console
      }
    }
    return console != null && isTerminal(console);
  }

  /** {@code Console.isTerminal()}, from JDK 22; before it, a console was always a terminal. */
  private static boolean isTerminal(Console console) {
    try {
      Method isTerminal = Console.class.getMethod("isTerminal");
      return (Boolean) isTerminal.invoke(console);
    } catch (ReflectiveOperationException olderJdk) {
      return true;
    }
  }
}

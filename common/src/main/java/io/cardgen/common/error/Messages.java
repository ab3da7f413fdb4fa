package io.cardgen.common.error;

import java.text.MessageFormat;
import java.util.Locale;
import java.util.ResourceBundle;

/**
 * The Russian texts of the public API. They live in one resource file ({@code messages.properties}
 * beside this class) so that wording is reviewed in one place, not scattered through the code.
 */
public final class Messages {

  private static final ResourceBundle BUNDLE =
      ResourceBundle.getBundle("io.cardgen.common.messages", Locale.ROOT);

  private Messages() {}

  /** The Russian text of an error code, e.g. {@code error.insufficient_credits}. */
  public static String of(ErrorCode code) {
    return BUNDLE.getString("error." + code.code());
  }

  /** A parameterised text by key, formatted with {@link MessageFormat}. */
  public static String format(String key, Object... arguments) {
    return new MessageFormat(BUNDLE.getString(key), Locale.ROOT).format(arguments);
  }
}

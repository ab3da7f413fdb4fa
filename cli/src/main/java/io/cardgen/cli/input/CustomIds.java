package io.cardgen.cli.input;

import java.util.regex.Pattern;

/** batch-api §2: 1 to 64 of Latin letters, digits and {@code . _ : -}. */
final class CustomIds {

  private static final Pattern FORMAT = Pattern.compile("[A-Za-z0-9._:-]{1,64}");

  private CustomIds() {}

  static void check(String customId) throws BadItem {
    if (customId == null || customId.isEmpty()) {
      throw new BadItem("custom_id is empty");
    }
    if (!FORMAT.matcher(customId).matches()) {
      throw new BadItem(
          "custom_id «"
              + customId
              + "» must be 1 to 64 Latin letters, digits or . _ : - (no spaces or Cyrillic)");
    }
  }
}

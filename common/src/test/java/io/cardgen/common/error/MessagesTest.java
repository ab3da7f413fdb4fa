package io.cardgen.common.error;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MessagesTest {

  /**
   * Messages are formatted with Locale.ROOT, whose grouping comma reads as a decimal in Russian.
   */
  @Test
  void countsAndLineNumbersHaveNoGroupingSeparator() {
    assertThat(Messages.format("batch.too_many_items", 10_000)).contains("не более 10000 ");
    assertThat(Messages.format("batch.malformed", "NDJSON", 1_234)).endsWith("строке 1234.");
    assertThat(Messages.format("batch.item_too_large", 1_500, "32 МиБ", 10_000))
        .contains("Элемент 1500 ")
        .contains("10000 значений");
  }
}

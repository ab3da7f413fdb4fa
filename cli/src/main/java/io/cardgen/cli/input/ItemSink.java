package io.cardgen.cli.input;

import java.io.IOException;
import tools.jackson.databind.node.ObjectNode;

/** Receives the items an input file yields, in file order. */
@FunctionalInterface
interface ItemSink {

  /**
   * @param origin where the item is in the file, in the author's terms ("row 7", "line 3")
   */
  void accept(String origin, String customId, ObjectNode request) throws IOException;

  /**
   * Whether the item with {@code customId} is wanted at all; one that is not is passed over before
   * its request is built, so its local photos are not read.
   */
  default boolean wants(String customId) {
    return true;
  }
}

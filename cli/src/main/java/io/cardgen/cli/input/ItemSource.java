package io.cardgen.cli.input;

import java.io.IOException;

/** An input file format: reads every item, reporting bad ones to {@code problems} and going on. */
interface ItemSource {

  /**
   * The longest JSONL line or spreadsheet row (CSV or .xlsx) read as one item, in characters. The
   * service refuses an item over 32 MiB (its limit for one card request) and a character is at
   * least one byte of UTF-8, so twice that is generous; a longer line or row is reported by its
   * number without being held in memory, so a file that never ends a line cannot fill the heap.
   */
  int MAX_ITEM_CHARS = 64 << 20;

  void read(ItemSink sink, Problems problems) throws IOException;
}

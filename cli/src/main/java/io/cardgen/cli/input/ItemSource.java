package io.cardgen.cli.input;

import java.io.IOException;

/** An input file format: reads every item, reporting bad ones to {@code problems} and going on. */
interface ItemSource {

  void read(ItemSink sink, Problems problems) throws IOException;
}

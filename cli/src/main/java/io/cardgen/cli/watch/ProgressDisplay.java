package io.cardgen.cli.watch;

import io.cardgen.cli.api.Batch;

/** Shows a batch's progress while it is watched. */
interface ProgressDisplay extends AutoCloseable {

  void show(Batch batch);

  @Override
  void close();
}

package io.cardgen.worker.job;

/** Runs a claimed job to its end ({@link GenerationProcessor}); never throws. */
interface JobRunner {

  /**
   * @param origin when the job's request arrived, in microseconds since the epoch ({@link
   *     io.cardgen.common.wire.JobOrigin})
   * @param memory the job's admission to the photo memory budget, settled once its photos are in
   */
  void process(ClaimedJob job, long origin, PhotoMemoryBudget.Hold memory);
}

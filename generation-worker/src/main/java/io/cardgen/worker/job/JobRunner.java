package io.cardgen.worker.job;

/** Runs a claimed job to its end ({@link GenerationProcessor}); never throws. */
interface JobRunner {

  /**
   * @param origin when the job's request arrived, in microseconds since the epoch ({@link
   *     io.cardgen.common.wire.JobOrigin})
   */
  void process(ClaimedJob job, long origin);
}

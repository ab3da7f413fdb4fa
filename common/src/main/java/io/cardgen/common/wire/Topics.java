package io.cardgen.common.wire;

/** Kafka names shared by the gateway and the workers. */
public final class Topics {

  public static final String JOBS = "cardgen.jobs";
  public static final String REPLIES = "cardgen.replies";
  public static final String WORKER_SHARE_GROUP = "generation-workers";

  private Topics() {}
}

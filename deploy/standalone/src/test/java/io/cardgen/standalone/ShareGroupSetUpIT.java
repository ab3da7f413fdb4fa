package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.wire.Topics;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** How a fresh stack sets up what its worker reads: the share group and the jobs topic. */
class ShareGroupSetUpIT {

  private static TestStack stack;
  private static Admin admin;

  @BeforeAll
  static void start() throws Exception {
    stack = TestStack.start();
    admin = Admin.create(stack.kafka().clientProperties());
  }

  @AfterAll
  static void stop() {
    admin.close();
    stack.close();
  }

  /**
   * A share group starts at the end of its topic unless told otherwise, which would skip jobs
   * published before the first worker joined. The worker sets it to the earliest offset as it
   * starts (a StartStep, ADR 0044), not while its beans are created, so this checks that the start
   * still does it: nothing else in the stack sets it.
   */
  @Test
  void theWorkersStartSetsItsShareGroupToBeginAtTheEarliestJob() throws Exception {
    ConfigResource group = new ConfigResource(ConfigResource.Type.GROUP, Topics.WORKER_SHARE_GROUP);
    Config config =
        admin.describeConfigs(List.of(group)).all().get(30, TimeUnit.SECONDS).get(group);

    assertThat(config.get("share.auto.offset.reset").value()).isEqualTo("earliest");
  }

  /**
   * The worker starts before the gateway, and its subscription creates the jobs topic with the
   * embedded broker's default partition count. Were that not the gateway's, the gateway would add
   * partitions as it starts, and a fresh standalone's first card would wait for the worker's next
   * heartbeat to be assigned them (4 s instead of 1.8 s).
   */
  @Test
  void theBrokerCreatesTopicsWithTheJobsTopicsPartitionCount() throws Exception {
    int jobsPartitions =
        admin
            .describeTopics(List.of(Topics.JOBS))
            .allTopicNames()
            .get(30, TimeUnit.SECONDS)
            .get(Topics.JOBS)
            .partitions()
            .size();
    String brokerId =
        String.valueOf(
            admin.describeCluster().nodes().get(30, TimeUnit.SECONDS).iterator().next().id());
    ConfigResource broker = new ConfigResource(ConfigResource.Type.BROKER, brokerId);
    Config config =
        admin.describeConfigs(List.of(broker)).all().get(30, TimeUnit.SECONDS).get(broker);

    assertThat(config.get("num.partitions").value()).isEqualTo(String.valueOf(jobsPartitions));
  }
}

package io.cardgen.standalone;

import static org.assertj.core.api.Assertions.assertThat;

import io.cardgen.common.wire.Topics;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.Test;

/**
 * A share group starts at the end of its topic unless told otherwise, which would skip jobs
 * published before the first worker joined. The worker sets it to the earliest offset as it starts
 * (a StartStep, ADR 0044), not while its beans are created, so this checks that the start still
 * does it: nothing else in the stack sets it.
 */
class ShareGroupSetUpIT {

  @Test
  void theWorkersStartSetsItsShareGroupToBeginAtTheEarliestJob() throws Exception {
    try (TestStack stack = TestStack.start();
        Admin admin = Admin.create(stack.kafka().clientProperties())) {
      ConfigResource group =
          new ConfigResource(ConfigResource.Type.GROUP, Topics.WORKER_SHARE_GROUP);
      Config config =
          admin.describeConfigs(List.of(group)).all().get(30, TimeUnit.SECONDS).get(group);

      assertThat(config.get("share.auto.offset.reset").value()).isEqualTo("earliest");
    }
  }
}

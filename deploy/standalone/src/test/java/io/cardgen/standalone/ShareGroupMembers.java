package io.cardgen.standalone;

import static org.awaitility.Awaitility.await;

import io.cardgen.common.wire.Topics;
import java.time.Duration;
import java.util.List;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.ShareGroupDescription;
import org.apache.kafka.clients.admin.ShareMemberDescription;

/** The workers' share group as the broker sees it, for tests that need every worker fetching. */
final class ShareGroupMembers {

  private ShareGroupMembers() {}

  /**
   * Waits until the share group has {@code workers} members, each holding the group's current
   * assignment with some of the job partitions. A worker that has just started is a member before
   * its partitions reach it, and the others learn of their smaller share only at their next
   * heartbeat; jobs sent in between can all go to one of them.
   */
  static void awaitAllFetching(TestStack stack, int workers) {
    long start = System.nanoTime();
    try (Admin admin = Admin.create(stack.kafka().clientProperties())) {
      await("%d workers holding job partitions".formatted(workers))
          .atMost(Duration.ofMinutes(1))
          .pollInterval(Duration.ofMillis(100))
          .until(() -> allFetching(admin, workers));
    }
    System.out.printf(
        "%d workers held job partitions after %d ms%n",
        workers, Duration.ofNanos(System.nanoTime() - start).toMillis());
  }

  private static boolean allFetching(Admin admin, int workers) throws Exception {
    ShareGroupDescription group =
        admin
            .describeShareGroups(List.of(Topics.WORKER_SHARE_GROUP))
            .describedGroups()
            .get(Topics.WORKER_SHARE_GROUP)
            .get();
    return group.members().size() == workers
        && group.members().stream().allMatch(member -> holdsJobs(member, group));
  }

  private static boolean holdsJobs(ShareMemberDescription member, ShareGroupDescription group) {
    return member.memberEpoch() == group.targetAssignmentEpoch()
        && member.assignment().topicPartitions().stream()
            .anyMatch(partition -> partition.topic().equals(Topics.JOBS));
  }
}

package io.cardgen.worker.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cardgen.testsupport.StalledDns;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class NameLookupsTest {

  private static final InetAddress[] LOOPBACK = {InetAddress.getLoopbackAddress()};

  private final StalledDns dns = new StalledDns();
  private final NameLookups lookups = new NameLookups("test-dns", 1);

  @AfterEach
  void release() {
    dns.close();
    lookups.close();
  }

  @Test
  @Timeout(10)
  void aLookupThatDoesNotAnswerEndsAtTheDeadline() {
    long deadline = System.nanoTime() + Duration.ofMillis(300).toNanos();

    assertThatThrownBy(() -> lookups.addressesOf(dns::addressesOf, "slow.test", deadline))
        .isInstanceOf(NameLookups.DeadlinePassedException.class);

    assertThat(dns.asked()).isTrue();
    assertThat(System.nanoTime() - deadline).isBetween(0L, Duration.ofMillis(500).toNanos());
  }

  /** Abandoned lookups keep their threads until they end, so only so many may be outstanding. */
  @Test
  @Timeout(10)
  void noMoreLookupsThanTheBoundRunAtOnceAndAFinishedOneFreesItsPlace() throws Exception {
    assertThatThrownBy(() -> lookups.addressesOf(dns::addressesOf, "slow.test", in(100)))
        .isInstanceOf(NameLookups.DeadlinePassedException.class);
    AtomicBoolean started = new AtomicBoolean();

    assertThatThrownBy(() -> lookups.addressesOf(host -> answer(started), "fast.test", in(100)))
        .isInstanceOf(NameLookups.DeadlinePassedException.class);
    assertThat(started).isFalse();

    dns.close();
    assertThat(lookups.addressesOf(host -> answer(started), "fast.test", in(5_000)))
        .containsExactly(LOOPBACK);
  }

  @Test
  void aLookupsOwnFailureReachesTheCaller() {
    assertThatThrownBy(
            () ->
                lookups.addressesOf(
                    host -> {
                      throw new UnknownHostException(host);
                    },
                    "missing.test",
                    in(5_000)))
        .isExactlyInstanceOf(UnknownHostException.class)
        .hasMessage("missing.test");
  }

  private static InetAddress[] answer(AtomicBoolean started) {
    started.set(true);
    return LOOPBACK;
  }

  private static long in(long millis) {
    return System.nanoTime() + Duration.ofMillis(millis).toNanos();
  }
}

package io.cardgen.common.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

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
  private static final String ACCOUNT = "account";

  private final NameLookups lookups = new NameLookups("test-dns", 1, 1);

  @AfterEach
  void release() {
    dns.close();
    lookups.close();
  }

  @Test
  @Timeout(10)
  void aLookupThatDoesNotAnswerEndsAtTheDeadline() {
    long deadline = System.nanoTime() + Duration.ofMillis(300).toNanos();

    assertThatThrownBy(() -> lookups.addressesOf(dns::addressesOf, "slow.test", ACCOUNT, deadline))
        .isInstanceOf(NameLookups.DeadlinePassedException.class);

    assertThat(dns.asked()).isTrue();
    assertThat(System.nanoTime() - deadline).isBetween(0L, Duration.ofMillis(500).toNanos());
  }

  /** Abandoned lookups keep their threads until they end, so only so many may be outstanding. */
  @Test
  @Timeout(10)
  void noMoreLookupsThanTheBoundRunAtOnceAndAFinishedOneFreesItsPlace() throws Exception {
    assertThatThrownBy(() -> lookups.addressesOf(dns::addressesOf, "slow.test", ACCOUNT, in(100)))
        .isInstanceOf(NameLookups.DeadlinePassedException.class);
    AtomicBoolean started = new AtomicBoolean();

    assertThatThrownBy(
            () ->
                lookups.addressesOf(
                    host -> answer(started), "fast.test", "another account", in(100)))
        .isInstanceOf(NameLookups.DeadlinePassedException.class);
    assertThat(started).isFalse();

    dns.close();
    assertThat(
            lookups.addressesOf(host -> answer(started), "fast.test", "another account", in(5_000)))
        .containsExactly(LOOPBACK);
  }

  /**
   * One account's names whose DNS never answers take only that account's places: other accounts
   * still resolve while they are stuck, and the places come back when those lookups end.
   */
  @Test
  @Timeout(10)
  void anAccountsStalledLookupsLeaveTheOtherAccountsTheirPlaces() throws Exception {
    try (NameLookups shared = new NameLookups("test-dns", 4, 2)) {
      for (int i = 0; i < 2; i++) {
        String host = "stalled-" + i + ".test";
        assertThatThrownBy(() -> shared.addressesOf(dns::addressesOf, host, ACCOUNT, in(100)))
            .isInstanceOf(NameLookups.DeadlinePassedException.class);
      }
      AtomicBoolean started = new AtomicBoolean();

      assertThatThrownBy(
              () -> shared.addressesOf(host -> answer(started), "third.test", ACCOUNT, in(100)))
          .isInstanceOf(NameLookups.DeadlinePassedException.class);
      assertThat(started).isFalse();
      assertThat(shared.addressesOf(host -> answer(started), "fast.test", "another", in(5_000)))
          .containsExactly(LOOPBACK);
      assertThat(started).isTrue();

      dns.close();
      started.set(false);
      assertThat(shared.addressesOf(host -> answer(started), "third.test", ACCOUNT, in(5_000)))
          .containsExactly(LOOPBACK);
      assertThat(started).isTrue();
      // Nothing is kept for an account once its lookups have ended.
      await().atMost(Duration.ofSeconds(5)).until(() -> shared.accountsHolding() == 0);
    }
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
                    ACCOUNT,
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

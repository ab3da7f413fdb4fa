package io.cardgen.gateway.batch;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.UUID;
import org.junit.jupiter.api.Test;

class ResultStreamsTest {

  private final ResultStreams streams = new ResultStreams(new ResultStreamProperties(3, 2));

  @Test
  void refusesAnAccountsStreamOverItsBoundWhileOthersStillOpen() {
    UUID account = UUID.randomUUID();
    assertThat(streams.open(account)).isInstanceOf(ResultStreams.Opened.class);
    assertThat(streams.open(account)).isInstanceOf(ResultStreams.Opened.class);

    assertThat(streams.open(account)).isEqualTo(new ResultStreams.AccountFull(2));
    assertThat(streams.open(UUID.randomUUID())).isInstanceOf(ResultStreams.Opened.class);
    assertThat(streams.open()).isEqualTo(3);
  }

  @Test
  void refusesEveryAccountOnceTheGatewayIsFull() {
    for (int stream = 0; stream < 3; stream++) {
      assertThat(streams.open(UUID.randomUUID())).isInstanceOf(ResultStreams.Opened.class);
    }

    assertThat(streams.open(UUID.randomUUID())).isInstanceOf(ResultStreams.GatewayFull.class);
    assertThat(streams.open()).isEqualTo(3);
  }

  @Test
  void aClosedStreamGivesItsSlotBackOnceHoweverOftenItIsClosed() {
    UUID account = UUID.randomUUID();
    ResultStreams.Slot first = opened(account);
    opened(account);

    first.close();
    first.close();

    assertThat(streams.open()).isEqualTo(1);
    assertThat(streams.open(account)).isInstanceOf(ResultStreams.Opened.class);
    assertThat(streams.open(account)).isEqualTo(new ResultStreams.AccountFull(2));
  }

  @Test
  void anAccountRefusedForTheGatewayBoundTakesNoSlotOfItsOwn() {
    UUID account = UUID.randomUUID();
    ResultStreams.Slot one = opened(UUID.randomUUID());
    opened(UUID.randomUUID());
    opened(account);
    assertThat(streams.open(account)).isInstanceOf(ResultStreams.GatewayFull.class);

    one.close();

    assertThat(streams.open(account)).isInstanceOf(ResultStreams.Opened.class);
    assertThat(streams.open(account)).isInstanceOf(ResultStreams.GatewayFull.class);
  }

  private ResultStreams.Slot opened(UUID account) {
    return ((ResultStreams.Opened) streams.open(account)).slot();
  }
}

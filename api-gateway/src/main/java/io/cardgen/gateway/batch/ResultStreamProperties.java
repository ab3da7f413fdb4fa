package io.cardgen.gateway.batch;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How many results streams (batch-api §4) a gateway serves at once. Each holds a page of up to
 * {@link BatchResults#PAGE} cards in memory while its client reads it, so without a bound one
 * account opening streams in a loop could fill the heap; the per-account bound keeps one account
 * from taking the gateway's whole share.
 *
 * @param maxStreams streams open at once in this gateway, all accounts together
 * @param maxStreamsPerAccount streams open at once for one account in this gateway
 */
@ConfigurationProperties("cardgen.batch.results")
record ResultStreamProperties(
    @DefaultValue("32") int maxStreams, @DefaultValue("4") int maxStreamsPerAccount) {

  ResultStreamProperties {
    if (maxStreams < 1 || maxStreamsPerAccount < 1) {
      throw new IllegalArgumentException("cardgen.batch.results.max-streams* must be positive");
    }
  }
}

package io.cardgen.gateway.batch;

import io.cardgen.common.net.Cidr;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * Limits of batch creation (batch-api §2).
 *
 * @param maxItems items per batch ({@code CARDGEN_BATCH_MAX_ITEMS})
 * @param maxBodySize a larger batch body answers 413; read as a stream, never held whole
 * @param maxItemSize a larger item answers 413: the synchronous endpoint's body limit, since an
 *     item is one card request and is held whole while it is checked
 * @param webhookPrivateHostAllowlist IPs/CIDRs a {@code webhook_url} may reach although private;
 *     only these may be called over plain http ({@code CARDGEN_WEBHOOKS_PRIVATE_HOST_ALLOWLIST})
 * @param analyzeAfterItems a batch of at least this many items has the jobs table's statistics
 *     refreshed once it is recorded ({@link JobStatistics}); 0 never does
 * @param analyzeMinInterval at most one such refresh starts per interval; batches recorded within
 *     it share one at its end
 * @param maxConcurrentCreations batch bodies one account may upload to one gateway at once; more
 *     answer 429 ({@link CreationSlots})
 * @param webhookLookupTimeout how long batch creation waits for its {@code webhook_url}'s host to
 *     resolve ({@code CARDGEN_BATCH_WEBHOOK_LOOKUP_TIMEOUT}); a host not resolved by then is judged
 *     as one that does not resolve ({@link WebhookAddress})
 */
@ConfigurationProperties("cardgen.batch")
record BatchProperties(
    @DefaultValue("10000") int maxItems,
    @DefaultValue("256MB") DataSize maxBodySize,
    @DefaultValue("32MB") DataSize maxItemSize,
    @DefaultValue("") List<String> webhookPrivateHostAllowlist,
    @DefaultValue("1000") int analyzeAfterItems,
    @DefaultValue("1m") Duration analyzeMinInterval,
    @DefaultValue("2") int maxConcurrentCreations,
    @DefaultValue("2s") Duration webhookLookupTimeout) {

  BatchProperties {
    if (maxItems < 1) {
      throw new IllegalArgumentException("cardgen.batch.max-items must be positive");
    }
    if (maxItemSize.toBytes() < 1024) {
      throw new IllegalArgumentException("cardgen.batch.max-item-size must be at least 1KB");
    }
    if (maxConcurrentCreations < 1) {
      throw new IllegalArgumentException("cardgen.batch.max-concurrent-creations must be positive");
    }
    if (analyzeMinInterval.isNegative()) {
      throw new IllegalArgumentException("cardgen.batch.analyze-min-interval must not be negative");
    }
    if (webhookLookupTimeout.isNegative() || webhookLookupTimeout.isZero()) {
      throw new IllegalArgumentException("cardgen.batch.webhook-lookup-timeout must be positive");
    }
    webhookPrivateHostAllowlist = Cidr.allowlist(webhookPrivateHostAllowlist);
  }
}

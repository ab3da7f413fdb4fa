package io.cardgen.gateway.reply;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param timeout how long a request waits for its job; must exceed the workers' lease plus the
 *     sweeper's grace, so that a job whose worker died is retried before the client gives up
 * @param retryAfter the {@code Retry-After} sent with 503 when the job outlives the wait
 * @param timeoutTick how often the waits are checked for their timeout: how late one may fire
 * @param checkInterval how often the finished-job check looks for jobs whose reply went missing
 */
@ConfigurationProperties("cardgen.reply")
public record ReplyProperties(
    @DefaultValue("150s") Duration timeout,
    @DefaultValue("5s") Duration retryAfter,
    @DefaultValue("100ms") Duration timeoutTick,
    @DefaultValue("2s") Duration checkInterval) {}

package io.cardgen.gateway.reply;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * @param timeout how long a request waits for its job; must exceed the workers' lease plus the
 *     sweeper's grace, so that a job whose worker died is retried before the client gives up
 * @param retryAfter the {@code Retry-After} sent with 503 when the job outlives the wait
 */
@ConfigurationProperties("cardgen.reply")
public record ReplyProperties(
    @DefaultValue("150s") Duration timeout, @DefaultValue("5s") Duration retryAfter) {}

package io.cardgen.gateway.plan;

/**
 * A plan's options and limits. A count of 0 means the plan lacks that block.
 *
 * @param maxLength the plan's cap on the description length (the spec caps it at 3000 anyway)
 */
public record Plan(
    long id,
    String name,
    boolean apiAccess,
    int maxPhotos,
    int maxLength,
    int featuresCount,
    boolean audience,
    int headersCount,
    int slogansCount,
    boolean creativity,
    boolean keywords,
    int rateLimitPerMinute) {}

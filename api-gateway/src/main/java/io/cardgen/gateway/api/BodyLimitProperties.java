package io.cardgen.gateway.api;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.util.unit.DataSize;

/**
 * @param maxBodySize a larger request body answers 413 without being read into memory
 */
@ConfigurationProperties("cardgen.api")
public record BodyLimitProperties(@DefaultValue("32MB") DataSize maxBodySize) {}

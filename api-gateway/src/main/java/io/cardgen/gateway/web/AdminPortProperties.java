package io.cardgen.gateway.web;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The management port: admin API and actuator live there and only there.
 *
 * @param port 0 picks a free port (tests)
 */
@ConfigurationProperties("cardgen.admin")
public record AdminPortProperties(@DefaultValue("8081") int port, String token) {}

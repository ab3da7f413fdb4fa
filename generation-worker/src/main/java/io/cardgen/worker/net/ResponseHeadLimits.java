package io.cardgen.worker.net;

import org.apache.hc.client5.http.impl.io.ManagedHttpClientConnectionFactory;
import org.apache.hc.client5.http.io.ManagedHttpClientConnection;
import org.apache.hc.core5.http.config.Http1Config;
import org.apache.hc.core5.http.io.HttpConnectionFactory;

/**
 * Bounds on the response head that hosts outside our control send (photo links, webhook receivers):
 * at most {@value #MAX_HEADERS} header fields of at most {@value #MAX_LINE_BYTES} bytes each, so a
 * host that streams header lines cannot make the worker buffer more than a few hundred kilobytes.
 * httpcore5's own defaults are close today (100 × 8 KB); stating ours keeps the bound from moving
 * with a library upgrade. A head over them fails the call with an I/O error.
 */
public final class ResponseHeadLimits {

  public static final int MAX_HEADERS = 64;
  public static final int MAX_LINE_BYTES = 8 * 1024;

  private ResponseHeadLimits() {}

  public static HttpConnectionFactory<ManagedHttpClientConnection> connections() {
    return ManagedHttpClientConnectionFactory.builder()
        .http1Config(
            Http1Config.custom()
                .setMaxHeaderCount(MAX_HEADERS)
                .setMaxLineLength(MAX_LINE_BYTES)
                .build())
        .build();
  }
}

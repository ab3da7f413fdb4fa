package io.cardgen.worker.photo;

import io.cardgen.common.net.AddressPolicy;
import io.cardgen.common.net.NameLookups;
import io.cardgen.worker.net.ResponseHeadLimits;
import java.time.Duration;
import java.util.List;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.DefaultSchemePortResolver;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.routing.DefaultRoutePlanner;
import org.apache.hc.core5.http.HttpHeaders;
import org.apache.hc.core5.http.message.BasicHeader;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;

/**
 * Builds the HTTP client behind {@link PhotoLinkFetcher}. Apache HttpClient because it lets us own
 * name resolution ({@link CheckedDnsResolver}) while it still sends the link's host in {@code
 * Host}, uses it for SNI and verifies the certificate against it; the JDK client resolves names
 * itself, so its connections could not be pinned to the checked address. Every connect ends by the
 * deadline of the fetch it serves, however many addresses the host has ({@link
 * FetchDeadlineSockets}).
 */
final class PhotoHttpClient {

  // A worker runs hundreds of jobs at once, a few photos each; most hosts are a handful of CDNs.
  private static final int MAX_CONNECTIONS = 256;
  private static final int MAX_CONNECTIONS_PER_HOST = 32;
  private static final String ACCEPT = "image/jpeg, image/png, image/webp, image/gif, */*;q=0.1";

  private PhotoHttpClient() {}

  static CloseableHttpClient create(
      PhotoProperties properties, NameLookups.Lookup names, NameLookups lookups) {
    AddressPolicy policy = AddressPolicy.allowing(properties.privateHostAllowlist());
    PoolingHttpClientConnectionManager connections =
        FetchDeadlineSockets.connections()
            .setDnsResolver(new CheckedDnsResolver(policy, names, lookups))
            .setConnectionFactory(ResponseHeadLimits.connections())
            .setDefaultConnectionConfig(
                ConnectionConfig.custom()
                    .setConnectTimeout(timeout(properties.connectTimeout()))
                    .setSocketTimeout(timeout(properties.readTimeout()))
                    .build())
            .setMaxConnTotal(MAX_CONNECTIONS)
            .setMaxConnPerRoute(MAX_CONNECTIONS_PER_HOST)
            .build();
    RequestConfig requests =
        RequestConfig.custom()
            .setRedirectsEnabled(false) // followed by hand so every hop is checked
            .setResponseTimeout(timeout(properties.readTimeout()))
            .setConnectionRequestTimeout(timeout(properties.fetchDeadline()))
            .setAuthenticationEnabled(false)
            .setProtocolUpgradeEnabled(false)
            .build();
    return HttpClients.custom()
        .setConnectionManager(connections)
        .setDefaultRequestConfig(requests)
        // Direct connections only: a proxy would resolve the name itself, past our check.
        .setRoutePlanner(new DefaultRoutePlanner(DefaultSchemePortResolver.INSTANCE))
        .setDefaultHeaders(List.of(new BasicHeader(HttpHeaders.ACCEPT, ACCEPT)))
        .setUserAgent("cardgen-photo-fetcher")
        .disableRedirectHandling()
        .disableAutomaticRetries()
        .disableCookieManagement()
        .disableAuthCaching()
        // Images do not compress; decompressing would only add a zip-bomb surface.
        .disableContentCompression()
        .evictIdleConnections(TimeValue.ofSeconds(30))
        .build();
  }

  private static Timeout timeout(Duration duration) {
    return Timeout.ofMilliseconds(duration.toMillis());
  }
}

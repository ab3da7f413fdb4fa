package io.cardgen.common.photo;

import io.cardgen.common.net.AmbiguousHosts;
import io.cardgen.common.net.Ports;
import io.cardgen.common.request.Texts;
import java.net.IDN;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Classifies one {@code image_url} entry (spec §2.1) and decodes it when it is inline:
 *
 * <ul>
 *   <li>{@code http://} or {@code https://} with a host and at most {@link #MAX_LINK_LENGTH}
 *       characters: a {@link ImageUrl.Link}, checked for syntax only (addresses are checked when
 *       fetched), in ASCII (punycode host, percent-encoded path) and without its fragment; or a
 *       {@link ImageUrl.RefusedLink} when its text alone breaks the photo-link rules ({@link
 *       #refusalOf});
 *   <li>{@code data:image/<any>[;param]*;base64,<payload>}: the declared subtype is ignored, the
 *       payload's magic bytes decide the format;
 *   <li>no scheme at all: bare base64 (a {@code ':'} cannot occur in base64, so the two never
 *       overlap);
 *   <li>anything else ({@code ftp:}, {@code file:}, {@code javascript:}, a non-image or non-base64
 *       data URI): {@link ImageUrl.Invalid}.
 * </ul>
 *
 * Inline payloads are held to {@link PhotoLimits} before they are accepted. Thread-safe.
 */
public final class ImageUrlDecoder {

  private static final Pattern SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*");

  /**
   * The longest link taken, as sent: what browsers and CDNs accept in practice, and the bound on
   * what a link makes the job row, the idempotency fingerprint and the worker's request carry.
   */
  public static final int MAX_LINK_LENGTH = 2048;

  private final PhotoLimits limits;

  public ImageUrlDecoder(PhotoLimits limits) {
    this.limits = limits;
  }

  public ImageUrl decode(String imageUrl) {
    String value = imageUrl.strip();
    int colon = value.indexOf(':');
    if (colon < 0) {
      return inline(value, 0);
    }
    String scheme = value.substring(0, colon);
    if (!SCHEME.matcher(scheme).matches()) {
      return new ImageUrl.Invalid("neither a link, a data URI nor base64");
    }
    return switch (scheme.toLowerCase(Locale.ROOT)) {
      case "http", "https" -> link(value);
      case "data" -> dataUri(value, colon + 1);
      default -> new ImageUrl.Invalid("unsupported scheme " + scheme);
    };
  }

  private static ImageUrl link(String value) {
    if (value.length() > MAX_LINK_LENGTH) {
      return new ImageUrl.Invalid("link longer than " + MAX_LINK_LENGTH + " characters");
    }
    if (!Texts.isWellFormed(value)) {
      // JSON's \ud800 arrives as a lone surrogate, which URI keeps and toASCIIString() then
      // fails on with a NullPointerException: no link names such a character.
      return new ImageUrl.Invalid("link with an unpaired surrogate");
    }
    URI uri;
    try {
      uri = inAscii(new URI(value));
    } catch (URISyntaxException | IllegalArgumentException e) {
      return new ImageUrl.Invalid("malformed link");
    }
    if (uri.getHost() == null) {
      return new ImageUrl.Invalid("link without a host");
    }
    String refusal = refusalOf(uri);
    return refusal == null ? new ImageUrl.Link(uri) : new ImageUrl.RefusedLink(uri, refusal);
  }

  /**
   * Why the photo-link rules refuse a link with a host by its text alone, or null. The worker
   * applies the same rules to every link and redirect it fetches.
   */
  public static String refusalOf(URI link) {
    if (!Ports.connectable(link)) {
      return "port out of range";
    }
    if (AmbiguousHosts.hasZone(link.getHost())) {
      return "IPv6 address with a zone";
    }
    if (AmbiguousHosts.isNumericButNotDottedDecimal(link.getHost())) {
      // Refused as such instead of failing later as unavailable.
      return "numeric host not in dotted-decimal form";
    }
    if (link.getRawUserInfo() != null) {
      // user:pass@host is never a photo link, and it is the classic way to make a link look
      // like it points at a different host than it does.
      return "link with credentials";
    }
    return null;
  }

  /**
   * Links to internationalised domains (say {@code .рф}) arrive in Unicode, which {@link URI} keeps
   * but cannot see a host in; the request needs the host in punycode and non-ASCII path and query
   * characters percent-encoded.
   */
  private static URI inAscii(URI uri) throws URISyntaxException {
    String authority = uri.getRawAuthority();
    if (authority == null) {
      return uri; // no host: refused by the caller
    }
    if (uri.getHost() == null && !authority.contains("@")) {
      int colon = authority.lastIndexOf(':');
      String host = colon < 0 ? authority : authority.substring(0, colon);
      authority = IDN.toASCII(host) + (colon < 0 ? "" : authority.substring(colon));
    }
    String path = uri.getRawPath() == null ? "" : uri.getRawPath();
    String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
    String link = uri.getScheme() + "://" + authority + path + query; // the fragment is never sent
    return new URI(new URI(link).toASCIIString());
  }

  private ImageUrl dataUri(String value, int headerStart) {
    int comma = value.indexOf(',', headerStart);
    if (comma < 0) {
      return new ImageUrl.Invalid("data URI without a payload");
    }
    String header = value.substring(headerStart, comma).toLowerCase(Locale.ROOT);
    if (!header.startsWith("image/")) {
      return new ImageUrl.Invalid("data URI is not an image");
    }
    if (!header.endsWith(";base64")) {
      return new ImageUrl.Invalid("data URI is not base64");
    }
    return inline(value, comma + 1);
  }

  private ImageUrl inline(String value, int payloadStart) {
    byte[] bytes;
    try {
      bytes = Base64Payload.decode(value, payloadStart, limits.maxBytes());
    } catch (Base64Payload.UndecodablePayload e) {
      return new ImageUrl.Invalid(e.getMessage());
    }
    ImageVerdict verdict = limits.check(bytes);
    if (verdict instanceof ImageVerdict.Accepted accepted) {
      return new ImageUrl.Inline(bytes, accepted.format());
    }
    return new ImageUrl.Invalid(((ImageVerdict.Rejected) verdict).reason());
  }
}

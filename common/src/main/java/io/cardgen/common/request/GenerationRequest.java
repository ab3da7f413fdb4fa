package io.cardgen.common.request;

import java.util.List;
import java.util.Map;

/**
 * A syntactically valid generation request (spec §2.1), before the plan is applied. Optional fields
 * the client left out are {@code null}; the plan decides their defaults.
 *
 * @param photos each entry is a link, a data URI or bare base64, as the client sent it
 * @param keywords the comma-separated phrases, trimmed, empty ones dropped
 */
public record GenerationRequest(
    List<String> photos,
    String shortDescription,
    Style style,
    Map<ProductFact, String> productFacts,
    Integer length,
    Boolean headers,
    Boolean slogans,
    Creativity creativity,
    List<String> keywords,
    Boolean features,
    Boolean audience,
    String requestId) {

  public GenerationRequest {
    photos = List.copyOf(photos);
    productFacts = Map.copyOf(productFacts);
    keywords = keywords == null ? null : List.copyOf(keywords);
  }
}

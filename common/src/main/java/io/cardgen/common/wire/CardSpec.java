package io.cardgen.common.wire;

import io.cardgen.common.request.Creativity;
import io.cardgen.common.request.Style;
import java.util.List;
import java.util.Map;

/**
 * What a worker must generate for one job: the request with the plan already applied. The gateway
 * writes it into the job row at acceptance, so a plan changed later does not change a job in
 * flight, and the worker never needs the plan tables.
 *
 * @param productFacts fact wire name to value, confirmed by the user
 * @param featuresCount exact number of features; 0 means the block is off
 * @param headersCount exact number of headers; 0 means the block is off
 * @param slogansCount exact number of slogans; 0 means the block is off
 */
public record CardSpec(
    Style style,
    String shortDescription,
    Map<String, String> productFacts,
    int length,
    int featuresCount,
    boolean audience,
    int headersCount,
    int slogansCount,
    Creativity creativity,
    List<String> keywords,
    List<PhotoRef> photos) {

  public CardSpec {
    productFacts = Map.copyOf(productFacts);
    keywords = List.copyOf(keywords);
    photos = List.copyOf(photos);
  }

  public CardSpec withPhotos(List<PhotoRef> storedPhotos) {
    return new CardSpec(
        style,
        shortDescription,
        productFacts,
        length,
        featuresCount,
        audience,
        headersCount,
        slogansCount,
        creativity,
        keywords,
        storedPhotos);
  }
}

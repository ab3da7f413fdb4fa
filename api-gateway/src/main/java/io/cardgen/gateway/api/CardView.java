package io.cardgen.gateway.api;

import io.cardgen.common.card.CardContent;
import io.cardgen.gateway.job.StoredCard;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/** The product card of spec §2.2. Blocks not generated are {@code []} (lists) or null. */
public record CardView(
    String uid,
    String createdAt,
    String style,
    String styleName,
    String description,
    int descriptionLength,
    List<String> features,
    String audience,
    List<String> headers,
    List<String> slogans,
    List<String> images) {

  /** UTC, exactly six fractional digits and a trailing Z, as spec §2.2 requires. */
  static final DateTimeFormatter CREATED_AT =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'").withZone(ZoneOffset.UTC);

  public static CardView of(StoredCard card) {
    CardContent content = card.content();
    return new CardView(
        card.uid().toString(),
        CREATED_AT.format(card.createdAt()),
        card.style().wireName(),
        card.style().russianName(),
        content.description(),
        content.descriptionLength(),
        orEmpty(content.features()),
        content.audience(),
        orEmpty(content.headers()),
        orEmpty(content.slogans()),
        card.images());
  }

  private static List<String> orEmpty(List<String> block) {
    return block == null ? List.of() : block;
  }
}

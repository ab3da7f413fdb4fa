package io.cardgen.gateway.job;

import io.cardgen.common.card.CardContent;
import io.cardgen.common.request.Style;
import java.time.Instant;
import java.util.List;
import java.util.UUID;

/** A card as stored by a worker. */
public record StoredCard(
    UUID uid,
    Instant createdAt,
    Style style,
    CardContent content,
    List<String> images,
    Instant deletedAt) {

  public boolean deleted() {
    return deletedAt != null;
  }
}

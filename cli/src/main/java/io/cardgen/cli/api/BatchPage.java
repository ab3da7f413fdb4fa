package io.cardgen.cli.api;

import java.util.List;

/** One page of {@code GET /api/batches}: newest first, {@code next} is null on the last page. */
public record BatchPage(List<Batch> items, String next) {}

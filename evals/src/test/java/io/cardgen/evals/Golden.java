package io.cardgen.evals;

import java.nio.file.Path;

/** The repository's golden set, as the tests read it (they run in {@code evals/}). */
final class Golden {

  static final Path DIR = Path.of("golden");

  private Golden() {}

  static GoldenProduct product(String id) {
    return GoldenProduct.load(DIR).stream()
        .filter(product -> product.id().equals(id))
        .findFirst()
        .orElseThrow();
  }
}

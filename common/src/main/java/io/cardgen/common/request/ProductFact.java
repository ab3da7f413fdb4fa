package io.cardgen.common.request;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;

/** The thirteen keys allowed in {@code product_facts} (spec §2.1). */
public enum ProductFact {
  BRAND,
  MODEL,
  MATERIAL,
  COMPOSITION,
  DIMENSIONS,
  WEIGHT,
  COLOR,
  SIZE,
  QUANTITY,
  COUNTRY,
  CERTIFICATES,
  COMPATIBILITY,
  PACKAGE_CONTENTS;

  public static final int MAX_VALUE_LENGTH = 250;

  public String wireName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<ProductFact> fromWireName(String name) {
    return Arrays.stream(values()).filter(fact -> fact.wireName().equals(name)).findFirst();
  }
}

package io.cardgen.gateway.web;

import org.springframework.util.unit.DataSize;

/** Sizes as the Russian messages name them. */
public final class Sizes {

  private Sizes() {}

  /** Whole mebibytes or kibibytes where the size is one, else bytes: «32 МиБ», «64 КиБ». */
  public static String inRussian(DataSize size) {
    long bytes = size.toBytes();
    if (bytes % DataSize.ofMegabytes(1).toBytes() == 0) {
      return size.toMegabytes() + " МиБ";
    }
    return bytes % 1024 == 0 ? size.toKilobytes() + " КиБ" : bytes + " байт";
  }
}

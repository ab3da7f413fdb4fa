package io.cardgen.cli.input;

/**
 * How much of an .xlsx file is read before it is refused. The file often comes from a supplier, and
 * a zip archive can expand a thousandfold (a zip bomb), so what is inflated and what is held are
 * bounded; the bounds are generous for a real sheet, which is bounded by the batch it becomes (the
 * service takes a body of up to 256 MiB).
 *
 * @param partBytes the most XML inflated from one part of the archive
 * @param totalBytes the most XML inflated from the whole archive
 * @param ratio how many times its compressed size one part may expand to, once it is past {@link
 *     #RATIO_GRACE_BYTES}
 * @param sharedChars the most characters of shared strings held in memory
 * @param sharedStrings the most shared strings held in memory
 * @param rowChars the most characters in one row, as {@link ItemSource#MAX_ITEM_CHARS}
 */
record XlsxLimits(
    long partBytes,
    long totalBytes,
    int ratio,
    long sharedChars,
    int sharedStrings,
    long rowChars) {

  /** Small parts compress well whatever they hold; the ratio only judges larger ones. */
  static final long RATIO_GRACE_BYTES = 1 << 20;

  /**
   * The bounds of a real run. A sheet of 10 000 products with 46 columns and descriptions of 400
   * characters measured 41 MB of XML; a text of 5 000 Cyrillic characters more in every row would
   * make it about 140 MB. Twice the body limit leaves room for the markup and for columns that are
   * not sent. The sheets we measured expand 13 to 27 times (the most: 50 000 rows of one value
   * repeated), a zip bomb up to a thousand times; Apache POI also refuses past 100, but already
   * past 100 KB, where some real files go over. Shared strings are held for the whole reading: 64M
   * characters take at most 128 MB of heap, and leave room for 10 000 rows of texts of six thousand
   * characters (as marketplaces allow in a description column); each string also costs an offset
   * even when empty, so their number is bounded too (4 million, 16 MB: 400 text columns of 10 000
   * rows).
   */
  static final XlsxLimits DEFAULT =
      new XlsxLimits(512L << 20, 1L << 30, 100, 64L << 20, 4_000_000, ItemSource.MAX_ITEM_CHARS);
}

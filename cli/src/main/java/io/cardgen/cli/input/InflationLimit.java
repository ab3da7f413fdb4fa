package io.cardgen.cli.input;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.ZipEntry;

/**
 * Bounds what is inflated from one .xlsx archive (see {@link XlsxLimits}): each part, all parts
 * together, and each part against its compressed size. It counts what comes out of the inflater,
 * never the sizes the archive declares; only the compressed size is taken from the archive, which
 * is sound because {@link java.util.zip.ZipFile} feeds the inflater no more than that.
 */
final class InflationLimit {

  private final XlsxLimits limits;
  private long inflated;
  private String breach;

  InflationLimit(XlsxLimits limits) {
    this.limits = limits;
  }

  /** What {@code entry} inflates to, through {@code in}, counted; past a bound reading fails. */
  InputStream count(InputStream in, ZipEntry entry) {
    long compressed =
        Math.min(Math.max(1, entry.getCompressedSize()), Long.MAX_VALUE / limits.ratio());
    long ratioLimit = compressed * limits.ratio();
    long limit = Math.min(limits.partBytes(), Math.max(XlsxLimits.RATIO_GRACE_BYTES, ratioLimit));
    return new Counted(in, entry.getName(), limit);
  }

  /**
   * Why reading failed, if it was a bound: the XML parser wraps the failure of its input, so it is
   * kept here rather than recovered from the exception.
   */
  String breach() {
    return breach;
  }

  private void count(String part, long partBytes, long partLimit) throws IOException {
    if (partBytes > limits.partBytes()) {
      breach =
          "the part "
              + part
              + " holds more than "
              + mib(limits.partBytes())
              + " of XML, more than cardgen reads from one part (a batch takes at most 256 MiB):"
              + " split the products into several files";
    } else if (partBytes > partLimit) {
      breach =
          "the part "
              + part
              + " expands more than "
              + limits.ratio()
              + " times its compressed size, as a zip bomb does and a spreadsheet does not:"
              + " refused. If the file is yours, save it again from Excel or LibreOffice, or as CSV";
    } else if (inflated > limits.totalBytes()) {
      breach =
          "the file expands to more than "
              + mib(limits.totalBytes())
              + " of XML, more than cardgen reads from a workbook (a batch takes at most 256 MiB):"
              + " split the products into several files";
    }
    if (breach != null) {
      throw new IOException(breach);
    }
  }

  private static String mib(long bytes) {
    return bytes % (1 << 20) == 0 ? (bytes >> 20) + " MiB" : bytes + " bytes";
  }

  private final class Counted extends FilterInputStream {

    private final String part;
    private final long limit;
    private long count;

    Counted(InputStream in, String part, long limit) {
      super(in);
      this.part = part;
      this.limit = limit;
    }

    @Override
    public int read() throws IOException {
      int read = super.read();
      if (read >= 0) {
        add(1);
      }
      return read;
    }

    @Override
    public int read(byte[] bytes, int offset, int length) throws IOException {
      int read = super.read(bytes, offset, length);
      if (read > 0) {
        add(read);
      }
      return read;
    }

    @Override
    public long skip(long length) throws IOException {
      long skipped = super.skip(length);
      add(skipped);
      return skipped;
    }

    private void add(long bytes) throws IOException {
      count += bytes;
      inflated += bytes;
      count(part, count, limit);
    }
  }
}

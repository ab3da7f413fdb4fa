package io.cardgen.common.photo;

/**
 * Whether an image file runs to the end its format defines, judged from its structure alone: a
 * photo cut off in transfer is refused as {@code image_invalid} up front, rather than decoded into
 * a grey half-image (the JDK's JPEG decoder only warns about a missing end) or failing the job
 * later. Cheap: markers, chunk lengths and block sizes are followed, no pixel is decoded.
 *
 * <ul>
 *   <li>JPEG: segments, scans and their entropy-coded data are walked to the end-of-image marker;
 *   <li>PNG: chunks are walked to IEND, with image data on the way;
 *   <li>GIF: blocks are walked to the trailer;
 *   <li>WebP: the RIFF length fits the file and every chunk fits the RIFF length.
 * </ul>
 *
 * Bytes after the end (camera makers append previews to JPEGs) are accepted. A JPEG of more than
 * {@link #MAX_JPEG_SCANS} scans is refused as malformed too.
 */
final class FileEnds {

  private static final int JPEG_EOI = 0xD9;
  private static final int JPEG_SOS = 0xDA;

  /**
   * The most scans (start-of-scan markers) a JPEG may have. The JDK's decoder goes over every block
   * of the canvas for every scan, however few bytes the scan holds (an end-of-band run of a few
   * bytes covers them all): some 50 ms a scan at 40 megapixels, so the hundreds of thousands of
   * scans that fit in 10 MB keep it busy for hours. Encoders write far fewer: one scan (or one per
   * component) for baseline, 10 in libjpeg's progressive script for colour, at most the 64 of
   * mozjpeg's candidate set when it optimises scans. 100 leaves room for all of them and keeps a
   * photo's decoding to seconds.
   */
  private static final int MAX_JPEG_SCANS = 100;

  private FileEnds() {}

  static boolean complete(ImageFormat format, byte[] image) {
    HeaderBytes bytes = new HeaderBytes(image);
    try {
      return switch (format) {
        case JPEG -> jpeg(bytes);
        case PNG -> png(bytes);
        case GIF -> gif(bytes);
        case WEBP -> webp(bytes);
      };
    } catch (MalformedHeader e) {
      return false;
    }
  }

  private static boolean jpeg(HeaderBytes bytes) {
    int pos = 2; // after SOI
    int scans = 0;
    while (true) {
      if (bytes.u8(pos) != 0xFF) {
        throw new MalformedHeader("JPEG segment does not start with a marker");
      }
      while (bytes.u8(pos + 1) == 0xFF) {
        pos++; // fill bytes before a marker
      }
      int marker = bytes.u8(pos + 1);
      pos += 2;
      if (marker == JPEG_EOI) {
        return true;
      }
      if (marker == 0xD8) {
        throw new MalformedHeader("JPEG starts a second image inside the first");
      }
      if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
        continue; // standalone markers carry no length
      }
      int length = bytes.u16be(pos);
      if (length < 2) {
        throw new MalformedHeader("JPEG segment length below its own size");
      }
      pos += length;
      if (marker == JPEG_SOS) {
        if (++scans > MAX_JPEG_SCANS) {
          throw new MalformedHeader("JPEG has more than " + MAX_JPEG_SCANS + " scans");
        }
        pos = endOfScan(bytes, pos);
      }
    }
  }

  /**
   * Skips entropy-coded data, where 0xFF is always followed by a stuffed zero or a restart marker;
   * any other marker ends the scan.
   */
  private static int endOfScan(HeaderBytes bytes, int pos) {
    while (true) {
      pos = bytes.indexOfFF(pos);
      int next = bytes.u8(pos + 1);
      if (next != 0x00 && !(next >= 0xD0 && next <= 0xD7)) {
        return pos;
      }
      pos += 2;
    }
  }

  private static boolean png(HeaderBytes bytes) {
    long pos = 8; // after the signature
    boolean imageData = false;
    while (true) {
      long length = bytes.u32be((int) pos);
      if (length > Integer.MAX_VALUE) {
        throw new MalformedHeader("PNG chunk longer than any file we accept");
      }
      imageData |= bytes.has((int) pos + 4, "IDAT");
      boolean end = bytes.has((int) pos + 4, "IEND");
      pos += 12 + length; // length, type, data, CRC
      if (pos > bytes.length()) {
        return false;
      }
      if (end) {
        return imageData;
      }
    }
  }

  private static boolean gif(HeaderBytes bytes) {
    int pos = 13 + FormatHeaders.colorTableSize(bytes.u8(10));
    while (true) {
      int block = bytes.u8(pos);
      if (block == 0x3B) {
        return true; // trailer
      } else if (block == 0x21) {
        pos = FormatHeaders.skipSubBlocks(bytes, pos + 2);
      } else if (block == 0x2C) {
        pos += 10 + FormatHeaders.colorTableSize(bytes.u8(pos + 9));
        pos = FormatHeaders.skipSubBlocks(bytes, pos + 1);
      } else {
        throw new MalformedHeader("GIF block of unknown type");
      }
    }
  }

  private static boolean webp(HeaderBytes bytes) {
    long end = 8 + bytes.u32le(4);
    if (end > bytes.length()) {
      return false;
    }
    long pos = 12;
    while (pos + 8 <= end) {
      long chunkEnd = pos + 8 + bytes.u32le((int) pos + 4);
      if (chunkEnd > end) {
        return false;
      }
      pos = FormatHeaders.nextChunk(bytes, pos);
    }
    return pos >= end - 1; // nothing left but, at most, the last chunk's missing padding byte
  }
}

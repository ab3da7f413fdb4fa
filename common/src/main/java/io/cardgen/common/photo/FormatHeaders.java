package io.cardgen.common.photo;

/**
 * Where each format keeps its canvas size. Each method returns the size as declared (zero and
 * out-of-range values included, for the caller to judge) or throws {@link MalformedHeader}. Offsets
 * follow the format specifications: JPEG (ITU T.81 B.2), PNG (ISO 15948 11.2.2), GIF89a (sections
 * 18 and 20), WebP container (RFC 9649 section 2).
 */
final class FormatHeaders {

  private static final byte[] VP8_START_CODE = {(byte) 0x9D, 0x01, 0x2A};
  private static final int VP8L_SIGNATURE = 0x2F;

  private FormatHeaders() {}

  record Declared(long width, long height) {}

  /**
   * A JPEG's first frame header: its start-of-frame marker (which says the coding process) and its
   * number of components.
   */
  record JpegFrame(int marker, long width, long height, int components, int end) {

    /** Progressive processes (ITU T.81 table B.1: SOF2, SOF6, SOF10, SOF14). */
    boolean progressive() {
      return marker == 0xC2 || marker == 0xC6 || marker == 0xCA || marker == 0xCE;
    }
  }

  static Declared jpeg(HeaderBytes bytes) {
    JpegFrame frame = jpegFrame(bytes);
    return new Declared(frame.width(), frame.height());
  }

  static JpegFrame jpegFrame(HeaderBytes bytes) {
    int pos = 2; // after SOI
    while (true) {
      if (bytes.u8(pos) != 0xFF) {
        throw new MalformedHeader("JPEG segment does not start with a marker");
      }
      while (bytes.u8(pos + 1) == 0xFF) {
        pos++; // fill bytes before a marker
      }
      int marker = bytes.u8(pos + 1);
      pos += 2;
      if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
        continue; // standalone markers carry no length
      }
      if (marker == 0xD8 || marker == 0xD9 || marker == 0xDA) {
        throw new MalformedHeader("JPEG has no frame header before its image data");
      }
      int length = bytes.u16be(pos);
      if (isStartOfFrame(marker)) {
        if (length < 8) {
          throw new MalformedHeader("JPEG frame header too short");
        }
        return new JpegFrame(
            marker, bytes.u16be(pos + 5), bytes.u16be(pos + 3), bytes.u8(pos + 7), pos + length);
      }
      if (length < 2) {
        throw new MalformedHeader("JPEG segment length below its own size");
      }
      pos += length;
    }
  }

  /**
   * How many components the first scan after {@code frame} holds (its SOS header's Ns): fewer than
   * the frame's means the image is coded in several scans, which the decoder buffers whole.
   */
  static int firstScanComponents(HeaderBytes bytes, JpegFrame frame) {
    int pos = frame.end();
    while (true) {
      if (bytes.u8(pos) != 0xFF) {
        throw new MalformedHeader("JPEG segment does not start with a marker");
      }
      while (bytes.u8(pos + 1) == 0xFF) {
        pos++;
      }
      int marker = bytes.u8(pos + 1);
      pos += 2;
      if (marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7)) {
        continue;
      }
      if (marker == 0xD9) {
        throw new MalformedHeader("JPEG ends before its first scan");
      }
      int length = bytes.u16be(pos);
      if (marker == 0xDA) {
        return bytes.u8(pos + 2);
      }
      if (length < 2) {
        throw new MalformedHeader("JPEG segment length below its own size");
      }
      pos += length;
    }
  }

  private static boolean isStartOfFrame(int marker) {
    // C4 (DHT), C8 (reserved) and CC (DAC) share the range but are not frame headers.
    return marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC;
  }

  static Declared png(HeaderBytes bytes) {
    if (bytes.u32be(8) != 13 || !bytes.has(12, "IHDR")) {
      throw new MalformedHeader("PNG does not start with an IHDR chunk");
    }
    return new Declared(bytes.u32be(16), bytes.u32be(20));
  }

  static Declared gif(HeaderBytes bytes) {
    long width = bytes.u16le(6);
    long height = bytes.u16le(8);
    int pos = 13 + colorTableSize(bytes.u8(10));
    int frames = 0;
    while (pos < bytes.length()) {
      int block = bytes.u8(pos);
      if (block == 0x3B) {
        break; // trailer
      } else if (block == 0x21) {
        pos = skipSubBlocks(bytes, pos + 2); // introducer, label, data sub-blocks
      } else if (block == 0x2C) {
        width = Math.max(width, bytes.u16le(pos + 1) + bytes.u16le(pos + 5));
        height = Math.max(height, bytes.u16le(pos + 3) + bytes.u16le(pos + 7));
        pos += 10 + colorTableSize(bytes.u8(pos + 9));
        pos = skipSubBlocks(bytes, pos + 1); // after the LZW minimum code size
        frames++;
      } else {
        throw new MalformedHeader("GIF block of unknown type");
      }
    }
    if (frames == 0) {
      throw new MalformedHeader("GIF without an image");
    }
    return new Declared(width, height);
  }

  static int colorTableSize(int packedFields) {
    return (packedFields & 0x80) == 0 ? 0 : 3 << ((packedFields & 0x07) + 1);
  }

  static int skipSubBlocks(HeaderBytes bytes, int pos) {
    int size;
    while ((size = bytes.u8(pos)) != 0) {
      pos += size + 1;
    }
    return pos + 1;
  }

  static Declared webp(HeaderBytes bytes) {
    return bytes.has(12, "VP8X") ? extendedWebp(bytes) : webpBitstream(bytes, 12);
  }

  /**
   * An extended WebP declares a canvas, but its decoder allocates what each bitstream and each
   * animation frame declares, which the file may set far beyond the canvas; the largest of them all
   * is the size that counts.
   */
  private static Declared extendedWebp(HeaderBytes bytes) {
    long width = bytes.u24le(24) + 1L;
    long height = bytes.u24le(27) + 1L;
    boolean image = false;
    for (long pos = nextChunk(bytes, 12); pos + 8 <= bytes.length(); pos = nextChunk(bytes, pos)) {
      int at = (int) pos;
      Declared part = null;
      if (bytes.has(at, "VP8 ") || bytes.has(at, "VP8L")) {
        part = webpBitstream(bytes, at);
      } else if (bytes.has(at, "ANMF")) {
        part = animationFrame(bytes, at);
      }
      if (part != null) {
        width = Math.max(width, part.width());
        height = Math.max(height, part.height());
        image = true;
      }
    }
    if (!image) {
      throw new MalformedHeader("extended WebP without image data");
    }
    return new Declared(width, height);
  }

  /**
   * An ANMF chunk: how far the frame reaches (its offset, stored halved, plus its size), widened to
   * the bitstreams nested in it.
   */
  private static Declared animationFrame(HeaderBytes bytes, int chunk) {
    long width = bytes.u24le(chunk + 8) * 2L + bytes.u24le(chunk + 14) + 1L;
    long height = bytes.u24le(chunk + 11) * 2L + bytes.u24le(chunk + 17) + 1L;
    long end = Math.min(chunk + 8 + bytes.u32le(chunk + 4), bytes.length());
    for (long pos = chunk + 24; pos + 8 <= end; pos = nextChunk(bytes, pos)) {
      int at = (int) pos;
      if (bytes.has(at, "VP8 ") || bytes.has(at, "VP8L")) {
        Declared frame = webpBitstream(bytes, at);
        width = Math.max(width, frame.width());
        height = Math.max(height, frame.height());
      }
    }
    return new Declared(width, height);
  }

  /** Where the RIFF chunk after the one at {@code chunk} starts (chunks are padded to even). */
  static long nextChunk(HeaderBytes bytes, long chunk) {
    long size = bytes.u32le((int) chunk + 4);
    return chunk + 8 + size + (size & 1);
  }

  /** The size a VP8 (lossy) or VP8L (lossless) chunk at {@code chunk} declares. */
  private static Declared webpBitstream(HeaderBytes bytes, int chunk) {
    int data = chunk + 8;
    if (bytes.has(chunk, "VP8L")) {
      if (bytes.u8(data) != VP8L_SIGNATURE) {
        throw new MalformedHeader("WebP lossless stream without its signature");
      }
      long bits = bytes.u32le(data + 1);
      return new Declared((bits & 0x3FFF) + 1, ((bits >>> 14) & 0x3FFF) + 1);
    }
    if (bytes.has(chunk, "VP8 ")) {
      if ((bytes.u8(data) & 0x01) != 0 || !bytes.has(data + 3, VP8_START_CODE)) {
        throw new MalformedHeader("WebP lossy stream does not start with a key frame");
      }
      return new Declared(bytes.u16le(data + 6) & 0x3FFF, bytes.u16le(data + 8) & 0x3FFF);
    }
    throw new MalformedHeader("WebP without a VP8, VP8L or VP8X chunk");
  }
}

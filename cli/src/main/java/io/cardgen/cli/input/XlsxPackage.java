package io.cardgen.cli.input;

import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.ZipEntry;
import java.util.zip.ZipException;
import java.util.zip.ZipFile;
import javax.xml.XMLConstants;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The zip archive of an .xlsx file, handing out its parts to StAX readers within an {@link
 * InflationLimit}. The file often comes from a supplier: a DOCTYPE is refused before anything it
 * declares is used, so no entity can make the reader open a file or a URL (XXE) or expand a billion
 * times.
 */
final class XlsxPackage implements Closeable {

  /** The signature of OLE2 files: .xls, and .xlsx files protected by a password. */
  private static final byte[] OLE2 = {
    (byte) 0xD0, (byte) 0xCF, 0x11, (byte) 0xE0, (byte) 0xA1, (byte) 0xB1, 0x1A, (byte) 0xE1
  };

  /** Reads a part; it may stop early: the part is closed either way. */
  interface PartReader<T> {
    T read(XMLStreamReader xml) throws XMLStreamException, IOException, UnreadableWorkbook;
  }

  private final ZipFile zip;
  private final XMLInputFactory factory = withoutDtds();
  private final InflationLimit inflation;

  private XlsxPackage(ZipFile zip, XlsxLimits limits) {
    this.zip = zip;
    this.inflation = new InflationLimit(limits);
  }

  static XlsxPackage open(Path file, XlsxLimits limits) throws IOException, UnreadableWorkbook {
    try {
      return new XlsxPackage(new ZipFile(file.toFile()), limits);
    } catch (ZipException notZip) {
      throw new UnreadableWorkbook(
          isOle2(file)
              ? "this is not an .xlsx workbook but an older Office file: an Excel 97-2003 workbook"
                  + " (.xls) under another name, or a workbook protected by a password; open it and"
                  + " save it as .xlsx without a password, or as CSV UTF-8"
              : "this is not an .xlsx workbook (an .xlsx file is a zip archive, and this is not"
                  + " one): open it and save it as .xlsx (Excel Workbook), or as CSV UTF-8");
    }
  }

  boolean has(String part) {
    return entry(part) != null;
  }

  /**
   * Reads {@code part} with {@code reader}, which gets the XML positioned on its root element. Bad
   * XML, a damaged archive and a part over the limits end the reading with the reason.
   */
  <T> T read(String part, PartReader<T> reader) throws IOException, UnreadableWorkbook {
    ZipEntry entry = entry(part);
    if (entry == null) {
      throw new UnreadableWorkbook("the part " + part + " is missing: is the file damaged?");
    }
    try (InputStream in = inflation.count(zip.getInputStream(entry), entry)) {
      XMLStreamReader xml = factory.createXMLStreamReader(in);
      try {
        toRoot(xml, part);
        return reader.read(xml);
      } finally {
        xml.close();
      }
    } catch (XMLStreamException failed) {
      throw unreadable(part, failed, failed.getNestedException());
    } catch (ZipException failed) {
      throw unreadable(part, failed, failed);
    } catch (IOException failed) {
      if (inflation.breach() == null) {
        throw failed;
      }
      throw new UnreadableWorkbook(inflation.breach());
    }
  }

  /** The parser wraps what its input throws: a bound, or a damaged archive. */
  private UnreadableWorkbook unreadable(String part, Exception failed, Throwable cause) {
    if (inflation.breach() != null) {
      return new UnreadableWorkbook(inflation.breach());
    }
    if (cause instanceof ZipException damaged) {
      return new UnreadableWorkbook("the part " + part + " is damaged: " + damaged.getMessage());
    }
    return new UnreadableWorkbook(
        "the part " + part + " is not well-formed XML: " + oneLine(failed));
  }

  /** Part names are not case-sensitive (ECMA-376 part 2), zip entry names are. */
  private ZipEntry entry(String part) {
    ZipEntry entry = zip.getEntry(part);
    return entry != null
        ? entry
        : zip.stream()
            .filter(other -> other.getName().equalsIgnoreCase(part))
            .findFirst()
            .orElse(null);
  }

  @Override
  public void close() throws IOException {
    zip.close();
  }

  private static void toRoot(XMLStreamReader xml, String part)
      throws XMLStreamException, UnreadableWorkbook {
    while (xml.hasNext()) {
      switch (xml.next()) {
        case XMLStreamConstants.DTD ->
            throw new UnreadableWorkbook(
                "the part "
                    + part
                    + " has a DOCTYPE (a document type declaration), which spreadsheet programs"
                    + " never write and which can make a reader open other files or URLs:"
                    + " refused, nothing it names was read");
        case XMLStreamConstants.START_ELEMENT -> {
          return;
        }
        default -> {}
      }
    }
    throw new UnreadableWorkbook("the part " + part + " is empty: is the file damaged?");
  }

  /** The JDK's own StAX parser, whatever is on the class path, with DTDs and entities off. */
  private static XMLInputFactory withoutDtds() {
    XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
    factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
    factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
    factory.setProperty(XMLConstants.ACCESS_EXTERNAL_DTD, "");
    factory.setXMLResolver(
        (publicId, systemId, baseUri, namespace) -> {
          throw new XMLStreamException("external entity refused: " + systemId);
        });
    return factory;
  }

  private static boolean isOle2(Path file) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return Arrays.equals(in.readNBytes(OLE2.length), OLE2);
    }
  }

  /** The JDK's parser puts the position and the message on two lines. */
  private static String oneLine(Exception failed) {
    return failed.getMessage().replaceAll("\\s+", " ").strip();
  }
}

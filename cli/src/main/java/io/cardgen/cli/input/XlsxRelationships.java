package io.cardgen.cli.input;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The relationships of one part of an .xlsx package (its {@code _rels/NAME.rels}): which part an id
 * such as {@code rId3} leads to, and of which type. Types are matched by their last segment, so
 * that files saved as "Strict Open XML" (other namespaces, same names) are read too.
 */
final class XlsxRelationships {

  /** More than a person's workbook has; bounds what a crafted file makes us hold. */
  static final int MAX_ENTRIES = 100_000;

  record Relationship(String type, String part) {

    boolean is(String kind) {
      return type.endsWith("/" + kind);
    }
  }

  private final Map<String, Relationship> byId;

  private XlsxRelationships(Map<String, Relationship> byId) {
    this.byId = byId;
  }

  /** The relationships of {@code source} (the package itself when empty); none without a part. */
  static XlsxRelationships of(XlsxPackage xlsx, String source)
      throws IOException, UnreadableWorkbook {
    String directory = source.substring(0, source.lastIndexOf('/') + 1);
    Map<String, Relationship> byId = new HashMap<>();
    if (xlsx.has(partOf(source))) {
      xlsx.read(partOf(source), xml -> readAll(xml, directory, byId));
    }
    return new XlsxRelationships(byId);
  }

  /** {@code xl/_rels/workbook.xml.rels} for {@code xl/workbook.xml}. */
  static String partOf(String source) {
    int directory = source.lastIndexOf('/') + 1;
    return source.substring(0, directory) + "_rels/" + source.substring(directory) + ".rels";
  }

  boolean isEmpty() {
    return byId.isEmpty();
  }

  Relationship get(String id) {
    return id == null ? null : byId.get(id);
  }

  /** The part of the first relationship of this type, or null. */
  String part(String kind) {
    return byId.values().stream()
        .filter(relationship -> relationship.is(kind))
        .map(Relationship::part)
        .sorted()
        .findFirst()
        .orElse(null);
  }

  private static Void readAll(XMLStreamReader xml, String directory, Map<String, Relationship> byId)
      throws XMLStreamException, UnreadableWorkbook {
    while (xml.hasNext()) {
      if (xml.next() == XMLStreamConstants.START_ELEMENT
          && xml.getLocalName().equals("Relationship")
          && !"External".equals(xml.getAttributeValue(null, "TargetMode"))) {
        String id = xml.getAttributeValue(null, "Id");
        String type = xml.getAttributeValue(null, "Type");
        String target = xml.getAttributeValue(null, "Target");
        if (id != null && type != null && target != null) {
          byId.put(id, new Relationship(type, resolve(directory, target)));
        }
        if (byId.size() > MAX_ENTRIES) {
          throw new UnreadableWorkbook(
              "the file declares more than " + MAX_ENTRIES + " relationships: is it damaged?");
        }
      }
    }
    return null;
  }

  /** A target relative to the source's folder, or from the package root when it starts with /. */
  static String resolve(String directory, String target) {
    String path = target.startsWith("/") ? target.substring(1) : directory + target;
    Deque<String> segments = new ArrayDeque<>();
    for (String segment : path.split("/")) {
      if (segment.equals("..")) {
        segments.pollLast();
      } else if (!segment.isEmpty() && !segment.equals(".")) {
        segments.addLast(segment);
      }
    }
    return String.join("/", segments);
  }
}

package io.cardgen.cli.input;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Number cells as the spreadsheet shows them. A sheet stores a number bare and shows it through its
 * cell's style: {@code 0.15} in a percentage cell is {@code 15%}, {@code 45359} in a date cell is 8
 * March 2024. The styles part ({@code xl/styles.xml}) says which number format each style ({@code
 * <c s="3">}) has; {@link XlsxNumberFormat} applies it. A workbook without styles shows every
 * number in the General format.
 */
final class XlsxNumbers {

  /** Excel allows 64 000 cell styles; more is a damaged or crafted file. */
  static final int MAX_STYLES = 65_536;

  /** Excel allows 255 characters in a format code. */
  static final int MAX_FORMAT_CHARS = 1_024;

  static final XlsxNumbers GENERAL = new XlsxNumbers(new XlsxNumberFormat[0], false);

  /**
   * Numbers as spreadsheet programs write them are short ({@code -1.2345678901234567E-300}); a
   * longer one is left as written rather than worked on.
   */
  private static final int MAX_NUMBER_CHARS = 100;

  /** The most a plain notation may run to: past it ({@code 1E+999999999}) scientific is kept. */
  private static final int MAX_PLAIN_SCALE = 400;

  /** Excel keeps and shows 15 significant digits. */
  private static final MathContext EXCEL_DIGITS = new MathContext(15, RoundingMode.HALF_UP);

  /**
   * The formats every program knows by number without writing them (ECMA-376 part 1, 18.8.30), in
   * the kinds that matter here; 5–8 are the locale's currency, 27–36 and 50–58 East Asian dates.
   */
  private static final Map<Integer, String> BUILT_IN = builtIn();

  private final XlsxNumberFormat[] byStyle;
  private final boolean date1904;

  private XlsxNumbers(XlsxNumberFormat[] byStyle, boolean date1904) {
    this.byStyle = byStyle;
    this.date1904 = date1904;
  }

  /**
   * The number formats of the styles in {@code part}; all General if the workbook has none.
   *
   * @param date1904 whether the workbook counts its dates from 1904 ({@code workbookPr})
   */
  static XlsxNumbers read(XlsxPackage xlsx, String part, boolean date1904)
      throws IOException, UnreadableWorkbook {
    if (part == null || !xlsx.has(part)) {
      return new XlsxNumbers(new XlsxNumberFormat[0], date1904);
    }
    return xlsx.read(part, xml -> readStyles(xml, date1904));
  }

  /**
   * The text of a number cell: its value ({@code <v>}) in the format of its style ({@code s}). A
   * value with more than 15 significant digits is the binary fraction a program wrote out in full
   * ({@code 2.2999999999999998} for 2.3): it is read back as the number it stands for and shown, as
   * Excel shows it, to 15 digits. What is no number is left as written.
   */
  String text(String written, String style) {
    String stripped = written.strip();
    if (stripped.length() > MAX_NUMBER_CHARS) {
      return stripped;
    }
    BigDecimal exact;
    try {
      exact = new BigDecimal(stripped);
    } catch (NumberFormatException notANumber) {
      return stripped;
    }
    if (Math.abs(exact.stripTrailingZeros().scale()) > MAX_PLAIN_SCALE) {
      return stripped;
    }
    return format(style).render(asShown(exact), date1904);
  }

  /** Plain notation without trailing zeros: {@code 500}, never {@code 500.0} or {@code 5E+2}. */
  static String plain(BigDecimal value) {
    BigDecimal stripped = value.stripTrailingZeros();
    if (stripped.signum() == 0) {
      return "0";
    }
    return Math.abs(stripped.scale()) <= MAX_PLAIN_SCALE
        ? stripped.toPlainString()
        : stripped.toString();
  }

  private static BigDecimal asShown(BigDecimal exact) {
    if (exact.precision() <= EXCEL_DIGITS.getPrecision()) {
      return exact;
    }
    double binary = exact.doubleValue();
    boolean representable = Double.isFinite(binary) && (binary != 0 || exact.signum() == 0);
    BigDecimal shortest = representable ? new BigDecimal(Double.toString(binary)) : exact;
    return shortest.round(EXCEL_DIGITS);
  }

  private XlsxNumberFormat format(String style) {
    if (style == null) {
      return XlsxNumberFormat.GENERAL;
    }
    try {
      int index = Integer.parseInt(style.strip());
      return index >= 0 && index < byStyle.length ? byStyle[index] : XlsxNumberFormat.GENERAL;
    } catch (NumberFormatException notAnIndex) {
      return XlsxNumberFormat.GENERAL;
    }
  }

  /**
   * The custom formats ({@code numFmts}) come before the cell styles ({@code cellXfs}) in the part;
   * the styles of cell styles ({@code cellStyleXfs}) and everything after are not needed.
   */
  private static XlsxNumbers readStyles(XMLStreamReader xml, boolean date1904)
      throws XMLStreamException, UnreadableWorkbook {
    Map<Integer, String> codes = new HashMap<>(BUILT_IN);
    List<Integer> styles = new ArrayList<>();
    boolean inCellStyles = false;
    while (xml.hasNext()) {
      int event = xml.next();
      if (event == XMLStreamConstants.END_ELEMENT && xml.getLocalName().equals("cellXfs")) {
        break;
      }
      if (event != XMLStreamConstants.START_ELEMENT) {
        continue;
      }
      switch (xml.getLocalName()) {
        case "numFmt" -> custom(xml, codes);
        case "cellXfs" -> inCellStyles = true;
        case "xf" -> {
          if (inCellStyles) {
            styles.add(id(xml.getAttributeValue(null, "numFmtId")));
            bounded(styles.size(), "cell styles");
          }
        }
        default -> {
          // fonts, fills, borders: how a cell looks, not what it says
        }
      }
    }
    Map<Integer, XlsxNumberFormat> formats = new HashMap<>();
    XlsxNumberFormat[] byStyle = new XlsxNumberFormat[styles.size()];
    for (int i = 0; i < byStyle.length; i++) {
      String code = codes.get(styles.get(i));
      byStyle[i] =
          code == null
              ? XlsxNumberFormat.GENERAL
              : formats.computeIfAbsent(styles.get(i), id -> XlsxNumberFormat.of(code));
    }
    return new XlsxNumbers(byStyle, date1904);
  }

  private static void custom(XMLStreamReader xml, Map<Integer, String> codes)
      throws UnreadableWorkbook {
    String code = xml.getAttributeValue(null, "formatCode");
    if (code == null) {
      return;
    }
    if (code.length() > MAX_FORMAT_CHARS) {
      throw new UnreadableWorkbook(
          "a number format of the workbook is longer than "
              + MAX_FORMAT_CHARS
              + " characters: is the file damaged?");
    }
    codes.put(id(xml.getAttributeValue(null, "numFmtId")), code);
    bounded(codes.size() - BUILT_IN.size(), "number formats");
  }

  private static void bounded(int count, String what) throws UnreadableWorkbook {
    if (count > MAX_STYLES) {
      throw new UnreadableWorkbook(
          "the workbook declares more than " + MAX_STYLES + " " + what + ": is it damaged?");
    }
  }

  /** A style without a valid format id shows numbers in General (id 0), as Excel does. */
  private static int id(String written) {
    try {
      return written == null ? 0 : Integer.parseInt(written.strip());
    } catch (NumberFormatException notAnId) {
      return 0;
    }
  }

  private static Map<Integer, String> builtIn() {
    Map<Integer, String> codes = new HashMap<>();
    codes.put(0, "General");
    codes.put(1, "0");
    codes.put(2, "0.00");
    codes.put(3, "#,##0");
    codes.put(4, "#,##0.00");
    codes.put(5, "#,##0");
    codes.put(6, "#,##0");
    codes.put(7, "#,##0.00");
    codes.put(8, "#,##0.00");
    codes.put(9, "0%");
    codes.put(10, "0.00%");
    codes.put(11, "0.00E+00");
    codes.put(12, "# ?/?");
    codes.put(13, "# ??/??");
    codes.put(14, "yyyy-mm-dd");
    codes.put(15, "d-mmm-yy");
    codes.put(16, "d-mmm");
    codes.put(17, "mmm-yy");
    codes.put(18, "h:mm AM/PM");
    codes.put(19, "h:mm:ss AM/PM");
    codes.put(20, "h:mm");
    codes.put(21, "h:mm:ss");
    codes.put(22, "yyyy-mm-dd h:mm");
    for (int id = 27; id <= 36; id++) {
      codes.put(id, "yyyy-mm-dd");
    }
    codes.put(37, "#,##0 ;(#,##0)");
    codes.put(38, "#,##0 ;(#,##0)");
    codes.put(39, "#,##0.00;(#,##0.00)");
    codes.put(40, "#,##0.00;(#,##0.00)");
    codes.put(45, "mm:ss");
    codes.put(46, "[h]:mm:ss");
    codes.put(47, "mm:ss.0");
    codes.put(48, "##0.0E+0");
    codes.put(49, "@");
    for (int id = 50; id <= 58; id++) {
      codes.put(id, "yyyy-mm-dd");
    }
    return Map.copyOf(codes);
  }
}

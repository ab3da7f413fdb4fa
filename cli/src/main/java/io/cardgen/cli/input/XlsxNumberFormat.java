package io.cardgen.cli.input;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * What a number format ({@code 0.00%}, {@code dd.mm.yyyy}, {@code #,##0.00 "₽"}) does to a number
 * that a CSV export, or a reader of the card, would notice: a percentage is shown times 100 with
 * its sign, a date or a time is shown as one, and a number is shown to the decimals the format
 * keeps. The rest of a format — grouping, currency, colours, padding, a locale's separators — is
 * dressing the service does not need, and is left out. Only the first section of the format (the
 * one for positive numbers) is read: the others differ in sign and colour, not in kind.
 *
 * <p>Dates and times are written in ISO 8601 order ({@code 2024-03-08}, {@code 2024-03-08 14:30},
 * {@code 14:30:05}) whatever order the format shows them in: Excel's own date format follows the
 * computer's region, so the day and month of {@code 03/08/24} are a guess, and a card must not swap
 * them.
 */
final class XlsxNumberFormat {

  /** The kinds of format that change what the number says. */
  private enum Kind {
    GENERAL,
    DECIMALS,
    PERCENT,
    DATE,
    ELAPSED
  }

  static final XlsxNumberFormat GENERAL =
      new XlsxNumberFormat(Kind.GENERAL, Digits.NONE, false, false, false);

  /** The largest serial number Excel shows as a date: 9999-12-31. */
  private static final BigDecimal LAST_SERIAL_1900 = BigDecimal.valueOf(2_958_465);

  private static final BigDecimal SECONDS_A_DAY = BigDecimal.valueOf(86_400);

  /**
   * What a number format does to a number's digits.
   *
   * @param decimals the digits kept after the point, rounded half up
   * @param integerZeros the least digits before it: {@code 000000} shows 123 as {@code 000123}
   * @param thousands the commas after the last digit, each dividing by 1 000: {@code #,##0,} shows
   *     1 234 567 as {@code 1 235}
   */
  private record Digits(int decimals, int integerZeros, int thousands) {

    static final Digits NONE = new Digits(0, 0, 0);

    String show(BigDecimal value) {
      String plain =
          XlsxNumbers.plain(
              value.movePointLeft(3 * thousands).setScale(decimals, RoundingMode.HALF_UP));
      String sign = plain.startsWith("-") ? "-" : "";
      String digits = plain.substring(sign.length());
      int point = digits.indexOf('.');
      int integers = point < 0 ? digits.length() : point;
      return integers >= integerZeros ? plain : sign + "0".repeat(integerZeros - integers) + digits;
    }
  }

  private final Kind kind;
  private final Digits digits;
  private final boolean date;
  private final boolean time;
  private final boolean seconds;
  private final char elapsedUnit;

  private XlsxNumberFormat(Kind kind, Digits digits, boolean date, boolean time, boolean seconds) {
    this(kind, digits, date, time, seconds, 'h');
  }

  private XlsxNumberFormat(
      Kind kind, Digits digits, boolean date, boolean time, boolean seconds, char elapsedUnit) {
    this.kind = kind;
    this.digits = digits;
    this.date = date;
    this.time = time;
    this.seconds = seconds;
    this.elapsedUnit = elapsedUnit;
  }

  /** Reads a format code as ECMA-376 writes it ({@code numFmt/@formatCode}). */
  static XlsxNumberFormat of(String code) {
    return new Scan(code).format();
  }

  /**
   * The text of {@code value} in this format.
   *
   * @param date1904 whether the workbook counts its dates from 1904 (old Mac Excel files)
   */
  String render(BigDecimal value, boolean date1904) {
    return switch (kind) {
      case GENERAL -> XlsxNumbers.plain(value);
      case DECIMALS -> digits.show(value);
      case PERCENT -> digits.show(value.movePointRight(2)) + "%";
      case DATE -> dateTime(value, date1904);
      case ELAPSED -> elapsed(value);
    };
  }

  /**
   * A date, a time or both. A serial number Excel would not show as a date (negative, or past
   * 9999-12-31; it shows {@code ####}) is left a number.
   */
  private String dateTime(BigDecimal value, boolean date1904) {
    BigDecimal first = date1904 || !date ? BigDecimal.ZERO : BigDecimal.ONE;
    if (value.compareTo(first) < 0 || value.compareTo(LAST_SERIAL_1900) > 0) {
      return XlsxNumbers.plain(value);
    }
    if (!date) {
      return clock(value);
    }
    long totalSeconds = value.multiply(SECONDS_A_DAY).setScale(0, RoundingMode.HALF_UP).longValue();
    long serial = Math.floorDiv(totalSeconds, 86_400L);
    LocalDateTime at = day(serial, date1904).atStartOfDay().plusSeconds(totalSeconds % 86_400L);
    String day = at.toLocalDate().toString();
    return time ? day + " " + clockOf(at.getHour(), at.getMinute(), at.getSecond()) : day;
  }

  /** A time alone shows the time of day of a serial number, as Excel does. */
  private String clock(BigDecimal value) {
    long totalSeconds = value.multiply(SECONDS_A_DAY).setScale(0, RoundingMode.HALF_UP).longValue();
    long ofDay = Math.floorMod(totalSeconds, 86_400L);
    return clockOf((int) (ofDay / 3600), (int) (ofDay / 60 % 60), (int) (ofDay % 60));
  }

  /**
   * A duration counted in its largest unit, which may pass 24 hours or 60 minutes: {@code [h]:mm}
   * shows 1.5 days as {@code 36:00}, {@code [mm]:ss} shows an hour and a half as {@code 90:00}.
   */
  private String elapsed(BigDecimal value) {
    if (value.abs().compareTo(LAST_SERIAL_1900) > 0) {
      return XlsxNumbers.plain(value);
    }
    long totalSeconds = value.multiply(SECONDS_A_DAY).setScale(0, RoundingMode.HALF_UP).longValue();
    String sign = totalSeconds < 0 ? "-" : "";
    long magnitude = Math.abs(totalSeconds);
    return sign
        + switch (elapsedUnit) {
          case 'h' -> (magnitude / 3600) + minutesAndSeconds(magnitude / 60 % 60, magnitude % 60);
          case 'm' -> (magnitude / 60) + ":" + twoDigits(magnitude % 60);
          default -> String.valueOf(magnitude);
        };
  }

  private String clockOf(int hour, int minute, int second) {
    return twoDigits(hour) + minutesAndSeconds(minute, second);
  }

  private String minutesAndSeconds(long minute, long second) {
    String text = ":" + twoDigits(minute);
    return seconds ? text + ":" + twoDigits(second) : text;
  }

  private static String twoDigits(long number) {
    return (number < 10 ? "0" : "") + number;
  }

  /**
   * The day of a serial number. In the 1900 system day 1 is 1900-01-01 and day 60 is 1900-02-29, a
   * day that never was (Lotus 1-2-3 took 1900 for a leap year, and Excel kept it for its files), so
   * from day 61 on the count runs one day ahead; day 60 is shown as 1900-02-28 here.
   */
  private static LocalDate day(long serial, boolean date1904) {
    if (date1904) {
      return LocalDate.of(1904, 1, 1).plusDays(serial);
    }
    return serial < 61
        ? LocalDate.of(1899, 12, 31).plusDays(Math.min(serial, 59))
        : LocalDate.of(1899, 12, 30).plusDays(serial);
  }

  /** One pass over the first section of a format code, skipping what is only shown as written. */
  private static final class Scan {

    private final String code;
    private int at;
    private boolean percent;
    private boolean date;
    private boolean time;
    private boolean seconds;
    private char elapsedUnit;
    private boolean general;
    private boolean fraction;
    private boolean scientific;
    private boolean afterPoint;
    private boolean placeholders;
    private int decimals;
    private int integerZeros;
    private int trailingCommas;

    Scan(String code) {
      this.code = code;
    }

    XlsxNumberFormat format() {
      for (; at < code.length(); at++) {
        char c = code.charAt(at);
        if (c == ';') {
          break;
        }
        step(c);
      }
      if (elapsedUnit != 0) {
        return new XlsxNumberFormat(Kind.ELAPSED, Digits.NONE, false, true, seconds, elapsedUnit);
      }
      if (date || time) {
        return new XlsxNumberFormat(Kind.DATE, Digits.NONE, date, time, seconds);
      }
      if (percent && !scientific && !fraction) {
        return new XlsxNumberFormat(Kind.PERCENT, digits(), false, false, false);
      }
      if (general || scientific || fraction || !placeholders) {
        return GENERAL;
      }
      return new XlsxNumberFormat(Kind.DECIMALS, digits(), false, false, false);
    }

    private Digits digits() {
      return new Digits(decimals, integerZeros, trailingCommas);
    }

    private void step(char c) {
      switch (c) {
        case '"' -> at = closing('"');
        case '[' -> bracket(closing(']'));
        case '\\', '_', '*' -> at++;
        case '%' -> percent = true;
        case '.' -> afterPoint = !date && !time;
        case '0', '#', '?' -> {
          placeholders = true;
          decimals += afterPoint ? 1 : 0;
          integerZeros += !afterPoint && c == '0' ? 1 : 0;
          // a comma between placeholders groups thousands; only the ones after the last scale
          trailingCommas = 0;
        }
        case ',' -> trailingCommas += placeholders ? 1 : 0;
        case '/' -> fraction = !date && !time;
        case 'e', 'E' -> scientific |= next('+') || next('-');
        default -> letter(Character.toLowerCase(c));
      }
    }

    private void letter(char c) {
      if (code.regionMatches(true, at, "General", 0, 7)) {
        general = true;
        at += 6;
      } else if (code.regionMatches(true, at, "AM/PM", 0, 5)) {
        time = true;
        at += 4;
      } else if (code.regionMatches(true, at, "A/P", 0, 3)) {
        time = true;
        at += 2;
      } else if (c == 'y' || c == 'd') {
        date = true;
      } else if (c == 'h') {
        time = true;
      } else if (c == 's') {
        time = true;
        seconds = true;
      } else if (c == 'm') {
        // m is a month, unless it follows an hour or precedes seconds: then it is minutes
        while (at + 1 < code.length() && Character.toLowerCase(code.charAt(at + 1)) == 'm') {
          at++;
        }
        boolean minutes = time || secondsFollow();
        date |= !minutes;
        time |= minutes;
      }
    }

    /** {@code [h]}, {@code [mm]}, {@code [ss]} are elapsed time; others are colours and locales. */
    private void bracket(int end) {
      String inside = code.substring(Math.min(at + 1, end), end).toLowerCase();
      if (inside.matches("h+|m+|s+")) {
        elapsedUnit = inside.charAt(0);
        seconds |= inside.startsWith("s");
      }
      at = end;
    }

    private boolean secondsFollow() {
      for (int i = at + 1; i < code.length() && code.charAt(i) != ';'; i++) {
        char c = Character.toLowerCase(code.charAt(i));
        if (c == 's') {
          return true;
        }
        if (c == 'y' || c == 'd' || c == 'h' || c == 'm') {
          return false;
        }
      }
      return false;
    }

    private boolean next(char wanted) {
      return at + 1 < code.length() && code.charAt(at + 1) == wanted;
    }

    private int closing(char end) {
      int found = code.indexOf(end, at + 1);
      return found < 0 ? code.length() : found;
    }
  }
}

package io.cardgen.cli.input;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What a number format makes of a stored number, as a spreadsheet would show it. */
class XlsxNumberFormatTest {

  @ParameterizedTest(name = "{0} on {1} → {2}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '\'',
      textBlock =
          """
          General                        | 0.15          | 0.15
          General                        | 500.0         | 500
          @                              | 2.6           | 2.6
          0%                             | 0.15          | 15%
          0%                             | 0.125         | 13%
          0.00%                          | 0.1234        | 12.34%
          0.0%                           | -0.05         | -5%
          0%                             | 1             | 100%
          0.00                           | 1990.5        | 1990.5
          0                              | 2.6           | 3
          000000                         | 123           | 000123
          00000                          | -42.5         | -00043
          '#,##0'                        | 1234567       | 1234567
          '#,##0,'                       | 1234567       | 1235
          '0.0,,'                        | 1234567       | 1.2
          '#,##0.00,," млн"'             | 2500000       | 2.5
          0.0                            | 0.35          | 0.4
          '#,##0.00\\ "₽"'               | 990.456       | 990.46
          '_-* #,##0.00\\ [$₽-419]_-;\\-* #,##0.00\\ [$₽-419]_-;_-* "-"??\\ [$₽-419]_-;_-@_-' | 1990.456 | 1990.46
          [Red]0.00;[Blue]-0.00          | 1.234         | 1.23
          '0" шт."'                      | 12            | 12
          0.00E+00                       | 12345         | 12345
          '# ?/?'                        | 0.5           | 0.5
          dd.mm.yyyy                     | 45359         | 2024-03-08
          DD.MM.YYYY                     | 45359         | 2024-03-08
          m/d/yy                         | 45359         | 2024-03-08
          'd mmmm yyyy "г."'             | 45359         | 2024-03-08
          '[$-F800]dddd\\, mmmm dd\\, yyyy' | 45359      | 2024-03-08
          mmm-yy                         | 45359         | 2024-03-08
          dd.mm.yyyy                     | 45359.75      | 2024-03-08
          dd.mm.yyyy hh:mm               | 45657.78125   | 2024-12-31 18:45
          yyyy-mm-dd h:mm:ss             | 45657.7812616 | 2024-12-31 18:45:01
          h:mm                           | 0.3958333333  | 09:30
          h:mm:ss                        | 0.8751736111  | 21:00:15
          h:mm AM/PM                     | 0.75          | 18:00
          mm:ss                          | 0.0034722222  | 00:05:00
          h:mm                           | 45359.5       | 12:00
          [h]:mm                         | 1.5           | 36:00
          [h]:mm:ss                      | 0.0625        | 1:30:00
          [mm]:ss                        | 0.0625        | 90:00
          [ss]                           | 0.0625        | 5400
          dd.mm.yyyy                     | 1             | 1900-01-01
          dd.mm.yyyy                     | 59            | 1900-02-28
          dd.mm.yyyy                     | 61            | 1900-03-01
          dd.mm.yyyy                     | 2958465       | 9999-12-31
          dd.mm.yyyy                     | 2958466       | 2958466
          dd.mm.yyyy                     | -1            | -1
          dd.mm.yyyy                     | 0.5           | 0.5
          """)
  void showsTheNumberAsTheFormatDoes(String code, String value, String shown) {
    assertThat(XlsxNumberFormat.of(code).render(new BigDecimal(value), false)).isEqualTo(shown);
  }

  @ParameterizedTest(name = "{0} on {1} → {2}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
          dd.mm.yyyy | 0     | 1904-01-01
          dd.mm.yyyy | 43897 | 2024-03-08
          h:mm       | 0.5   | 12:00
          """)
  void countsDaysFrom1904WhenTheWorkbookDoes(String code, String value, String shown) {
    assertThat(XlsxNumberFormat.of(code).render(new BigDecimal(value), true)).isEqualTo(shown);
  }
}

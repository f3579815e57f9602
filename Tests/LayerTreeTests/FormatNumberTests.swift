import Testing

@testable import LayerTree

/// `formatNumber`: whole numbers as integers, others to 3 decimals, and a finite number always
/// as a finite one: rounding to thousandths multiplies by 1,000, which overflows past about
/// 1.8e305 (Double's largest finite value is about 1.8e308), so a message would print "inf" for
/// a number that is not.
@Suite struct FormatNumberTests {
  @Test func wholeAndFractional() {
    #expect(formatNumber(12) == "12")
    #expect(formatNumber(-3) == "-3")
    #expect(formatNumber(0.1234) == "0.123")
    #expect(formatNumber(2.5) == "2.5")
  }

  /// Finite numbers past 1e15 print as Swift's `description` does, never as `inf`.
  @Test func hugeFiniteNumbersStayFinite() {
    #expect(formatNumber(1e306) == "1e+306")
    #expect(formatNumber(-1.5e307) == "-1.5e+307")
    #expect(formatNumber(Double.greatestFiniteMagnitude) == "1.7976931348623157e+308")
    #expect(formatNumber(.infinity) == "inf")
    #expect(formatNumber(.nan) == "nan")
  }
}

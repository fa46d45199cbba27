import Amounts
import OrderKit
import Testing

@Suite struct VATSummaryTests {
    @Test func ratesAreReadAsPercentages() throws {
        #expect(VATRate("22")?.hundredths == 2200)
        #expect(VATRate("22 %")?.hundredths == 2200)
        #expect(VATRate("4,5")?.hundredths == 450)
        #expect(VATRate("10.00%")?.hundredths == 1000)
        #expect(VATRate("0")?.hundredths == 0)
        #expect(VATRate("101") == nil)
        #expect(VATRate("-4") == nil)
        #expect(VATRate("2.505") == nil)
        #expect(VATRate("ventidue") == nil)
        #expect(VATRate.standard.description == "22 %")
        #expect(VATRate(hundredths: 550)?.description == "5,5 %")
    }

    /// Worked by hand: 22 % of 89,12 is 19,6064 → 19,61; 4 % of 10,05 is 0,402 → 0,40;
    /// 22 % of 0,25 is 0,055 → 0,06 (half up). The 22 % lines are taxed on their sum
    /// (89,12 + 0,25 = 89,37 → 19,6614 → 19,66), never per line (19,61 + 0,06 = 19,67).
    @Test func vatIsTakenOncePerRateOnItsTaxableSum() throws {
        let standard = VATRate.standard
        let reduced = try #require(VATRate("4"))
        // Each amount required on its own: a #require nested in another does not compile.
        let first = try #require(Money("89.12")), second = try #require(Money("10.05")), third = try #require(Money("0.25"))
        let summary = try #require(VATSummary(lines: [(first, standard), (second, reduced), (third, standard)]))
        #expect(summary.rows.map(\.rate) == [reduced, standard])
        #expect(summary.rows.map(\.taxable.cents) == [1005, 8937])
        #expect(summary.rows.map(\.tax.cents) == [40, 1966])
        #expect(summary.taxable.cents == 9942)
        #expect(summary.tax.cents == 2006)
        #expect(summary.total.cents == 11948)
    }
}

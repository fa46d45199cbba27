import Amounts
import Foundation
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
        let a = try #require(Money("89.12")), b = try #require(Money("10.05")), c = try #require(Money("0.25"))
        let summary = try #require(VATSummary(lines: [(a, standard), (b, reduced), (c, standard)]))
        #expect(summary.rows.map(\.rate) == [reduced, standard])
        #expect(summary.rows.map(\.taxable.cents) == [1005, 8937])
        #expect(summary.rows.map(\.tax.cents) == [40, 1966])
        #expect(summary.taxable.cents == 9942)
        #expect(summary.tax.cents == 2006)
        #expect(summary.total.cents == 11948)
    }
}

@Suite struct ProductVATCodingTests {
    /// A product stored by the company before VAT rates existed (issue 40) still reads, at 22 %.
    @Test func aProductStoredWithoutAVATRateReadsAsTheStandardRate() throws {
        let stored = #"{"code":"SEDIA-01","supplierID":3,"description":"Sedia","price":"49.90","minimumQuantity":2,"origin":{"local":{}}}"#
        let product = try JSONDecoder().decode(Product.self, from: Data(stored.utf8))
        #expect(product.vatRate == .standard && product.code == "SEDIA-01" && product.supplierID == 3)
        let reduced = try #require(VATRate("4"))
        var copy = product
        copy.vatRate = reduced
        let again = try JSONDecoder().decode(Product.self, from: try JSONEncoder().encode(copy))
        #expect(again.vatRate == reduced)
    }
}

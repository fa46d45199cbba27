import Amounts
import Foundation
import OrderCompany
import OrderKit
import Testing

/// Gross, discount and net of an order: the net is the sum of the rounded line totals.
@Suite struct OrderTotalsTests {
    private func line(_ code: String, _ price: String, _ quantity: Int, _ levels: [Decimal]) throws -> OrderLine {
        OrderLine(productID: nil, productCode: code, description: "", quantity: quantity, unitPrice: try #require(Money(price)), discountLevels: levels)
    }

    @Test func totalsAddUpLineByLine() throws {
        let lines = [
            try line("A", "0.99", 7, [10, 5, 2]),   // 6.93 → 5.81
            try line("B", "12.50", 2, []),          // 25.00 → 25.00
            try line("C", "3.33", 3, [#require(Decimal(string: "33.33"))]), // 9.99 × 0.6667 = 6.660333 → 6.66
        ]
        let totals = try OrderTotals(lines: lines)
        #expect(totals.gross == Money("41.92"))
        #expect(totals.net == Money("37.47"))
        #expect(totals.discount == Money("4.45"))
        #expect(totals.net == lines.map { try! $0.total() }.reduce(Money.zero, +))
    }

    @Test func anEmptyOrderTotalsZero() throws {
        #expect(try OrderTotals(lines: []) == .zero)
        #expect(try Order(date: Date(timeIntervalSince1970: 0)).totals() == .zero)
    }

    @Test func aBadLineIsNamedByItsNumber() throws {
        let lines = [try line("A", "1.00", 1, []), try line("B", "1.00", 1, [120])]
        #expect(throws: PricingError.onLine(2, .levelOutOfRange(level: 1, value: 120))) { try OrderTotals(lines: lines) }
        let error = PricingError.onLine(2, .levelOutOfRange(level: 1, value: 120))
        #expect(error.errorDescription?.hasPrefix("line 2: discount level 1") == true)
        let huge = [try line("A", "60000000.00", 1, []), try line("B", "60000000.00", 1, [])]
        #expect(throws: PricingError.amountTooLarge) { try OrderTotals(lines: huge) }
    }
}

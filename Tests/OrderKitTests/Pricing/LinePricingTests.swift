import Amounts
import Foundation
import OrderCompany
import OrderKit
import Testing

/// Cascaded levels and the line total: price × quantity × Π(1 − p/100), rounded once per line.
@Suite struct LinePricingTests {
    private func line(_ price: String, _ quantity: Int, _ levels: [String]) throws -> OrderLine {
        OrderLine(productID: 1, productCode: "CAF-01", description: "Caffè in grani", quantity: quantity,
                  unitPrice: try #require(Money(price)), discountLevels: try levels.map { try #require(Decimal(string: $0)) })
    }

    @Test func cascadeMultipliesWhatEachLevelLeaves() throws {
        // 10+5+2 is 16.21 % off, not 17 %.
        #expect(DiscountCascade.factor([10, 5, 2]) == Decimal(string: "0.8379"))
        #expect(DiscountCascade.factor([]) == 1)
        #expect(DiscountCascade.factor([100]) == 0)
        #expect(try line("100.00", 1, ["10", "5", "2"]).total() == Money("83.79"))
        #expect(try line("100.00", 1, ["17"]).total() == Money("83.00"))
        #expect(try line("100.00", 1, ["2.5"]).total() == Money("97.50"))
    }

    @Test func lineTotalIsRoundedOnceHalfUp() throws {
        // €0.99 × 7 = €6.93; × 0.8379 = 5.806647 → €5.81.
        #expect(try line("0.99", 7, ["10", "5", "2"]).total() == Money("5.81"))
        #expect(try line("0.99", 7, ["10", "5", "2"]).grossTotal() == Money("6.93"))
        // Exactly half a cent goes up: €0.25 at 50 % is 0.125 → €0.13.
        #expect(try line("0.25", 1, ["50"]).total() == Money("0.13"))
        #expect(try line("12.34", 3, []).total() == Money("37.02"))
    }

    /// Why once per line. For €0.99 × 7 at 10+5+2 every rounding rule happens to give €5.81
    /// (per level: 6.93 → 6.24 → 5.93 → 5.81; per unit: 0.83 × 7); a larger quantity or a small
    /// price shows the difference. The expected values are computed by hand below.
    @Test func roundingPerLevelOrPerUnitWouldDrift() throws {
        func roundedPerLevel(_ cents: Int, _ levels: [Int]) -> Int {
            // Integer half-up rounding of cents × (100 − p) / 100 after each level.
            levels.reduce(cents) { amount, level in (amount * (100 - level) * 2 + 100) / 200 }
        }
        // €0.99 × 7: all agree.
        #expect(roundedPerLevel(693, [10, 5, 2]) == 581)
        #expect(try line("0.99", 7, ["10", "5", "2"]).total().cents == 581)
        // €0.99 × 100: exact 82.9521 → €82.95; per level 89.10 → 84.65 → 82.96; per unit 0.83 × 100.
        #expect(roundedPerLevel(9_900, [10, 5, 2]) == 8_296)
        #expect(try line("0.99", 100, ["10", "5", "2"]).total() == Money("82.95"))
        let perUnit = try line("0.99", 1, ["10", "5", "2"]).total() * 100
        #expect(perUnit == Money("83.00"))
        // €0.12 × 7 = €0.84: exact 0.703836 → €0.70; per level 0.76 → 0.72 → 0.71.
        #expect(roundedPerLevel(84, [10, 5, 2]) == 71)
        #expect(try line("0.12", 7, ["10", "5", "2"]).total() == Money("0.70"))
    }

    @Test func levelsAreValidatedWithTheLevelNamed() throws {
        #expect(throws: PricingError.levelOutOfRange(level: 2, value: 101)) { try line("1.00", 1, ["10", "101"]).total() }
        #expect(throws: PricingError.levelOutOfRange(level: 1, value: -5)) { try line("1.00", 1, ["-5"]).total() }
        #expect(throws: PricingError.levelTooPrecise(level: 3, value: Decimal(string: "2.505")!)) {
            try line("1.00", 1, ["10", "5", "2.505"]).total()
        }
        #expect(throws: PricingError.levelCount(4)) { try line("1.00", 1, ["1", "1", "1", "1"]).total() }
        #expect(throws: PricingError.negativeQuantity(-1)) { try line("1.00", -1, []).total() }
        #expect(throws: PricingError.amountTooLarge) { try line("99999999.99", 2, []).total() }
        #expect(throws: PricingError.amountTooLarge) { try line("1.00", Int.max, []).total() }
        // Bounds are inclusive; two decimals are fine.
        #expect(try line("1.00", 1, ["0", "100"]).total() == .zero)
        #expect(try line("200.00", 1, ["12.75"]).total() == Money("174.50"))
    }

    @Test func aDiscountNeedsOneToThreeLevels() {
        #expect(throws: PricingError.levelCount(0)) { try Discount(supplierID: 1, customerID: 1, levels: []).validateLevels() }
        #expect(throws: Never.self) { try Discount(supplierID: 1, customerID: 1, levels: [10, 5, 2]).validateLevels() }
        let error = PricingError.levelTooPrecise(level: 1, value: Decimal(string: "0.125")!)
        #expect(error.code == "discount level too precise")
        #expect(error.errorDescription?.contains("level 1") == true)
    }

    @Test func levelsTextRoundTrips() throws {
        let levels = try ["10", "5", "2.5"].map { try #require(Decimal(string: $0)) }
        #expect(DiscountCascade.text(levels) == "10+5+2.5")
        #expect(DiscountCascade.levels(fromText: "10+5+2.5") == levels)
        #expect(DiscountCascade.levels(fromText: "") == [])
        for bad in ["10+", "+5", "1e2", "10,5", "-5", ".5", "5.", "1.2.3", "dieci"] {
            #expect(DiscountCascade.levels(fromText: bad) == nil, "\(bad) must be refused")
        }
    }
}

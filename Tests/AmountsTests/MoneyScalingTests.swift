import Foundation
import Testing
import Amounts

/// `multiplied(by:)`: a proportion of an amount, rounded once, half up, to the cent.
@Suite struct MoneyScalingTests {
    private func money(_ text: String) throws -> Money { try #require(Money(text)) }
    private func factor(_ text: String) throws -> Decimal { try #require(Decimal(string: text)) }

    @Test func roundsHalfUpToTheCent() throws {
        // 0.25 × 0.5 = 0.125: exactly halfway, goes up to 0.13.
        #expect(try money("0.25").multiplied(by: factor("0.5")) == Money("0.13"))
        // 0.35 × 0.5 = 0.175 → 0.18 (banker's rounding would give 0.18 too; 0.125 shows the difference).
        #expect(try money("0.35").multiplied(by: factor("0.5")) == Money("0.18"))
        // Just below half goes down: 1.00 × 0.00499 = 0.00499 → 0.00.
        #expect(try money("1.00").multiplied(by: factor("0.00499")) == Money("0.00"))
        #expect(try money("1.00").multiplied(by: factor("0.005")) == Money("0.01"))
    }

    @Test func keepsExactProductsAndTheIdentity() throws {
        #expect(try money("6.93").multiplied(by: factor("0.8379")) == Money("5.81")) // 5.806647
        #expect(try money("99.00").multiplied(by: factor("0.8379")) == Money("82.95")) // 82.9521
        #expect(try money("12.34").multiplied(by: 1) == Money("12.34"))
        #expect(try money("12.34").multiplied(by: 0) == .zero)
        #expect(try money("10.00").multiplied(by: factor("1.5")) == Money("15.00"))
    }

    @Test func refusesNegativeFactorsAndResultsAboveTheMaximum() throws {
        #expect(try money("1.00").multiplied(by: factor("-0.5")) == nil)
        #expect(try money("1.00").multiplied(by: Decimal.nan) == nil)
        #expect(try Money.maximum.multiplied(by: factor("1.0000001")) == nil)
        #expect(Money.maximum.multiplied(by: 1) == Money.maximum)
    }
}

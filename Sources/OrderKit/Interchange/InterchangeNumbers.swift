import Amounts
import Foundation

/// The numbers of the `||` format as text: prices, minimum quantities and discount levels.
/// Parsing is strict and never goes through `Double`; writing gives back text the parser reads
/// to the same value.
enum InterchangeNumbers {
    /// The largest minimum quantity accepted: nine digits cannot overflow and no order needs more.
    static let maximumQuantityDigits = 9

    /// "12.50", "12,50", "1.234,50", "1,234.50", "0,0325", "12" (see `UnitPrice.init(_:)`); nil
    /// otherwise.
    static func price(_ text: String) -> UnitPrice? { UnitPrice(text) }

    /// The shortest text of the price, as the thesis's example writes its price ("2", "12.5",
    /// "0.0325"); `price(_:)` reads it back to the same price.
    static func text(ofPrice price: UnitPrice) -> String {
        var text = price.plainText
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// Empty means 1 (no minimum); otherwise 1…999,999,999 in ASCII digits.
    static func minimumQuantity(_ text: String) -> Result<Int, FieldProblem.Reason> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .success(1) }
        guard trimmed.count <= maximumQuantityDigits, trimmed.allSatisfy(\.isASCIIDigitCharacter), let value = Int(trimmed) else {
            return .failure(.notAQuantity)
        }
        return value >= 1 ? .success(value) : .failure(.quantityBelowOne)
    }

    /// A discount percentage: up to three digits, then optionally "." or "," and one or two
    /// decimals, at most 100. Built from its decimal text, so 2.5 is exactly 2.5.
    static func level(_ text: String) -> Result<Decimal, FieldProblem.Reason> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: trimmed.contains(",") ? "," : ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, (1...3).contains(whole.count),
              whole.allSatisfy(\.isASCIIDigitCharacter) else {
            // "1000" or "1000.5" is a number, just too large for a percentage.
            if let whole = parts.first, whole.count > 3, whole.allSatisfy(\.isASCIIDigitCharacter) { return .failure(.percentageAbove100) }
            return .failure(.notAPercentage)
        }
        var fraction = parts.count == 2 ? String(parts[1]) : ""
        guard parts.count == 1 || !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigitCharacter) else { return .failure(.notAPercentage) }
        guard fraction.count <= 2 else { return .failure(.moreThanTwoDecimals) }
        while fraction.hasSuffix("0") { fraction.removeLast() }
        guard let wholeValue = Int(whole), wholeValue * 100 + (Int(fraction.padding(toLength: 2, withPad: "0", startingAt: 0)) ?? 0) <= 10_000 else {
            return .failure(.percentageAbove100)
        }
        // Trailing zeros dropped: 2.50 is stored as 25 × 10⁻¹, the same value and text as 2.5.
        let significand = Int("\(wholeValue)\(fraction)") ?? 0
        return .success(Decimal(sign: .plus, exponent: -fraction.count, significand: Decimal(significand)))
    }

    /// "10", "2.5", "0.25": the shortest text; `level(_:)` reads it back to the same value.
    static func text(ofLevel level: Decimal) -> String { level.description }
}

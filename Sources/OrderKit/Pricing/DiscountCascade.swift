import Amounts
import Foundation

/// Cascaded discount levels ("10+5+2"): each percentage applies to what the previous ones left,
/// so 10+5+2 takes off 1 − 0.90 × 0.95 × 0.98 = 16.21 %, not 17 %.
public enum DiscountCascade {
    /// Checks levels as an order line carries them: none (no discount) up to
    /// `Discount.maximumLevels`, each 0…100 % with at most two decimals.
    public static func validate(_ levels: [Decimal]) throws(PricingError) {
        guard levels.count <= Discount.maximumLevels else { throw .levelCount(levels.count) }
        for (index, value) in levels.enumerated() {
            guard !value.isNaN, value >= 0, value <= 100 else { throw .levelOutOfRange(level: index + 1, value: value) }
            guard hasAtMostTwoDecimals(value) else { throw .levelTooPrecise(level: index + 1, value: value) }
        }
    }

    /// Π(1 − pᵢ/100), exact: at most 12 decimals for three levels of two decimals each.
    /// 1 for no levels.
    public static func factor(_ levels: [Decimal]) -> Decimal {
        levels.reduce(Decimal(1)) { product, level in product * (1 - level / 100) }
    }

    /// "10+5+2", "2.5", "" for none: the form the order screens, the document and the thesis's
    /// files write.
    public static func text(_ levels: [Decimal]) -> String {
        levels.map(\.description).joined(separator: "+")
    }

    /// Parses `text(_:)`'s output ("10+5+2", "2.5", ""): nil for anything else. Validation is
    /// separate (`validate`).
    public static func levels(fromText text: String) -> [Decimal]? {
        guard !text.isEmpty else { return [] }
        var levels: [Decimal] = []
        for part in text.split(separator: "+", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: ".", omittingEmptySubsequences: false)
            guard (1...2).contains(pieces.count), pieces.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigitCharacter) }),
                  let value = Decimal(string: String(part), locale: Locale(identifier: "en_US_POSIX")) else { return nil }
            levels.append(value)
        }
        return levels
    }

    static func hasAtMostTwoDecimals(_ value: Decimal) -> Bool {
        var hundredths = value * 100
        var whole = Decimal()
        NSDecimalRound(&whole, &hundredths, 0, .plain)
        return whole == hundredths
    }
}

extension Discount {
    /// Checks the discount's own levels: one to three, each 0…100 % with at most two decimals.
    public func validateLevels() throws(PricingError) {
        guard (1...Self.maximumLevels).contains(levels.count) else { throw .levelCount(levels.count) }
        try DiscountCascade.validate(levels)
    }
}

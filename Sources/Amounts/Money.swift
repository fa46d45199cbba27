import Foundation

/// An amount in euro, exact to the cent: fares, line totals and purchase totals.
///
/// Prices are never `Double` (the issue: "decimal money — never Double for prices"): 0.1 + 0.2
/// is not 0.3 in binary floating point, and a fare table summed in `Double` drifts by cents.
/// The amount is kept as whole cents, so sums and products are exact integers, equal amounts
/// are equal and hash alike however they were written ("1.5", "1.50"), and `amount` gives it
/// back as a `Decimal`. Amounts are never negative.
public struct Money: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The amount in cents.
    public let cents: Int

    /// The only currency the Italian catalogue uses.
    public var currency: String { "EUR" }

    /// The amount in euro, with at most two decimals.
    public var amount: Decimal { Decimal(sign: .plus, exponent: -2, significand: Decimal(cents)) }

    public static let zero = Money(uncheckedCents: 0)

    /// The largest amount accepted: far above any fare, and small enough that a total of
    /// millions of such tickets still fits in 64-bit cents.
    public static let maximum = Money(uncheckedCents: 99_999_999_99)

    /// Euro and cents, e.g. `Money(cents: 150)` is €1.50. Nil for a negative amount or one
    /// above `maximum`.
    public init?(cents: Int) {
        guard (0...Self.maximum.cents).contains(cents) else { return nil }
        self.cents = cents
    }

    /// Parses "1.50", "1,50", "1.5", "2" or "0.05": digits, then optionally a point or a comma
    /// (the Italian decimal separator) and one or two decimals, up to `maximum`; spaces around
    /// are ignored. Refuses a sign, thousands separators, a third decimal (cents are the smallest
    /// unit), spaces inside and anything else, rather than guessing what was meant.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let parts = trimmed.split(separator: trimmed.contains(",") ? "," : ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, (1...9).contains(whole.count),
              whole.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        var fraction = parts.count == 2 ? parts[1] : "00"
        guard (1...2).contains(fraction.count), fraction.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        if fraction.count == 1 { fraction += "0" }
        guard let euro = Int(whole), let hundredths = Int(fraction) else { return nil }
        self.init(cents: euro * 100 + hundredths)
    }

    /// The amount of a `Decimal` with at most two decimals; nil for a negative amount or one
    /// with fractions of a cent.
    public init?(amount: Decimal) {
        guard !amount.isNaN, amount >= 0 else { return nil }
        // `Decimal.description` writes plain digits ("1.5", "12"), never an exponent.
        self.init(amount.description)
    }

    /// "€1.50": always two decimals, a point as separator, no grouping, whatever the
    /// server's locale — the screens, the SMS and the CLI all show the same text.
    public var formatted: String { "€" + plainText }

    /// "1.50": the text the JSON API and the database store.
    public var plainText: String {
        let hundredths = cents % 100
        return "\(cents / 100)." + (hundredths < 10 ? "0" : "") + "\(hundredths)"
    }

    public var description: String { formatted }

    public static func + (lhs: Money, rhs: Money) -> Money {
        Money(uncheckedCents: lhs.cents + rhs.cents)
    }

    /// `quantity` times the amount; `quantity` is a count of tickets, never negative.
    public static func * (lhs: Money, quantity: Int) -> Money {
        precondition(quantity >= 0, "a quantity of tickets is never negative")
        return Money(uncheckedCents: lhs.cents * quantity)
    }

    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }

    private init(uncheckedCents cents: Int) { self.cents = cents }

    /// A JSON string, "1.50", never a number: a JSON number is a binary float in most readers.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let money = Money(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not an amount in euro such as \"1.50\"")
        }
        self = money
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(plainText)
    }
}

extension Character {
    /// 0–9 only: `isNumber` would also accept other scripts' digits and fractions such as "½".
    public var isASCIIDigitCharacter: Bool { isASCII && isWholeNumber }
}

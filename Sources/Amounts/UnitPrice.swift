import Foundation

/// A price per piece as a price list states it: euro with up to six decimals (a screw at
/// €0,0325, a litre of fuel at €1,789). Kept as whole millionths of a euro, never `Double`; an
/// order line's total is rounded to the cent once (``total(quantity:factor:)``), so what the
/// customer pays is always a `Money`.
public struct UnitPrice: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The price in millionths of a euro.
    public let micros: Int

    public static let decimals = 6
    static let microsPerCent = 10_000
    static let microsPerEuro = 1_000_000

    public static let zero = UnitPrice(uncheckedMicros: 0)
    /// €99,999,999.999999: `Money.maximum` with four more decimals.
    public static let maximum = UnitPrice(uncheckedMicros: Money.maximum.cents * microsPerCent + 9_999)

    /// Nil for a negative price or one above `maximum`.
    public init?(micros: Int) {
        guard (0...Self.maximum.micros).contains(micros) else { return nil }
        self.micros = micros
    }

    /// The same amount: every `Money` is a price.
    public init(_ money: Money) {
        micros = money.cents * Self.microsPerCent
    }

    /// A price written the international or the Italian way, spaces around ignored:
    /// "12", "12.5", "12,50", "0,0325", "1.234,50", "1,234.50", "1.234.567,8", "1 234,50".
    ///
    /// With both a point and a comma, the last one is the decimal separator and the other
    /// groups thousands. With one kind only: written once it is the decimal separator ("1,5",
    /// "1.5", "0.0325" — a spreadsheet's numbers use the point); written more than once it
    /// groups thousands ("1.234.567"). Groups after the first have exactly three digits; at
    /// most six decimals; no sign. Anything else is nil, rather than a guess.
    public init?(_ text: String) {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        // A space between thousands ("1 234,50"), as some Italian sheets print.
        if trimmed.contains(" ") {
            guard trimmed.components(separatedBy: " ").dropFirst().allSatisfy({ $0.count >= 3 }) else { return nil }
            trimmed = trimmed.replacingOccurrences(of: " ", with: "")
        }
        let points = trimmed.filter { $0 == "." }.count
        let commas = trimmed.filter { $0 == "," }.count
        let decimalSeparator: Character?
        let groupSeparator: Character?
        switch (points, commas) {
        case (0, 0): (decimalSeparator, groupSeparator) = (nil, nil)
        case (_, 0): (decimalSeparator, groupSeparator) = points == 1 ? (".", nil) : (nil, ".")
        case (0, _): (decimalSeparator, groupSeparator) = commas == 1 ? (",", nil) : (nil, ",")
        default:
            guard let lastPoint = trimmed.lastIndex(of: "."), let lastComma = trimmed.lastIndex(of: ",") else { return nil }
            (decimalSeparator, groupSeparator) = lastPoint > lastComma ? (".", ",") : (",", ".")
            guard trimmed.filter({ $0 == decimalSeparator }).count == 1 else { return nil }
        }
        var whole = Substring(trimmed)
        var fraction: Substring = ""
        if let decimalSeparator, let index = trimmed.lastIndex(of: decimalSeparator) {
            whole = trimmed[..<index]
            fraction = trimmed[trimmed.index(after: index)...]
            guard (1...Self.decimals).contains(fraction.count) else { return nil }
        }
        if let groupSeparator {
            let groups = whole.split(separator: groupSeparator, omittingEmptySubsequences: false)
            guard let first = groups.first, (1...3).contains(first.count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
            whole = Substring(groups.joined())
        }
        guard (1...12).contains(whole.count), whole.allSatisfy(\.isASCIIDigitCharacter), fraction.allSatisfy(\.isASCIIDigitCharacter),
              let euro = Int(whole), let decimals = Int(fraction.padding(toLength: Self.decimals, withPad: "0", startingAt: 0)) else {
            return nil
        }
        let (scaled, overflow) = euro.multipliedReportingOverflow(by: Self.microsPerEuro)
        guard !overflow else { return nil }
        self.init(micros: scaled + decimals)
    }

    /// The price in euro, exact.
    public var amount: Decimal { Decimal(sign: .plus, exponent: -Self.decimals, significand: Decimal(micros)) }

    /// Whether the price is whole cents (as most are).
    public var isWholeCents: Bool { micros % Self.microsPerCent == 0 }

    /// The price as `Money` when it is whole cents.
    public var money: Money? { isWholeCents ? Money(cents: micros / Self.microsPerCent) : nil }

    /// "12.50", "0.0325": at least two decimals, no trailing zeros beyond them; the JSON API's
    /// and the database's text, which `init(_:)` reads back.
    public var plainText: String { Self.text(micros, separator: ".") }

    /// "12,50 €", "0,0325 €", "1.234,50 €": as an Italian price list prints it.
    public var formattedItalian: String { italianNumber + " €" }

    /// "1.234,50", "0,0325": the Italian number without the euro sign.
    public var italianNumber: String {
        let euro = String(micros / Self.microsPerEuro)
        var grouped = ""
        for (index, digit) in euro.enumerated() {
            if index > 0 && (euro.count - index) % 3 == 0 { grouped += "." }
            grouped.append(digit)
        }
        return grouped + "," + Self.decimalsText(micros)
    }

    public var description: String { "€" + plainText }

    /// The total of `quantity` pieces at this price times `factor` (a cascaded discount's
    /// Π(1 − pᵢ/100); 1 for none), rounded once, half up, to the cent. Nil when negative or above
    /// `Money.maximum`.
    public func total(quantity: Int, factor: Decimal = 1) -> Money? {
        guard quantity >= 0, !factor.isNaN, factor >= 0 else { return nil }
        var exactCents = Decimal(micros) * Decimal(quantity) * factor / Decimal(Self.microsPerCent)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &exactCents, 0, .plain)
        guard !rounded.isNaN, rounded <= Decimal(Money.maximum.cents), let cents = Int(rounded.description) else { return nil }
        return Money(cents: cents)
    }

    public static func < (lhs: UnitPrice, rhs: UnitPrice) -> Bool { lhs.micros < rhs.micros }

    /// A JSON string ("12.50", "0.0325"), never a number: a JSON number is a binary float in
    /// most readers. Reads the texts `Money` wrote too.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let price = UnitPrice(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a price in euro such as \"12.50\" or \"0.0325\"")
        }
        self = price
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(plainText)
    }

    private init(uncheckedMicros micros: Int) { self.micros = micros }

    private static func text(_ micros: Int, separator: String) -> String {
        "\(micros / microsPerEuro)" + separator + decimalsText(micros)
    }

    /// Two decimals at least, up to six, no trailing zeros beyond the second.
    private static func decimalsText(_ micros: Int) -> String {
        var digits = String(micros % microsPerEuro)
        digits = String(repeating: "0", count: decimals - digits.count) + digits
        while digits.count > 2 && digits.hasSuffix("0") { digits.removeLast() }
        return digits
    }
}

extension UnitPrice {
    /// A whole-cent price, e.g. `UnitPrice(cents: 1250)` is €12.50.
    public init?(cents: Int) {
        guard let money = Money(cents: cents) else { return nil }
        self.init(money)
    }
}

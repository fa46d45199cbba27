/// An exact decimal as the webservice writes prices, rates and weights: `16.510000`.
///
/// PrestaShop stores amounts as DECIMAL(20,6), so every value it sends has at most 6 decimals;
/// an Int64 of millionths holds all of them exactly (up to ±9.2 trillion), compares and adds
/// without rounding, and is trivially Sendable. `Double` would turn 16.51 into
/// 16.5099999…, and Amounts' `Money` keeps whole cents only, which would lose 4.950001.
public struct ShopDecimal: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public static let scale: Int64 = 1_000_000

    /// The value in millionths: 16.51 is 16_510_000.
    public let millionths: Int64

    public init(millionths: Int64) {
        self.millionths = millionths
    }

    public init(_ whole: Int) {
        millionths = Int64(whole) * Self.scale
    }

    /// Parses `16.510000`, `-0.5`, `20.000`, `4`, `.5`; `nil` for anything else: an empty text,
    /// exponents, commas, more than 6 significant decimals, or a value out of range.
    public init?(_ text: String) {
        var digits = Substring(text)
        let negative = digits.first == "-"
        if negative || digits.first == "+" { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let wholePart = parts[0]
        var fraction = parts.count > 1 ? parts[1] : ""
        guard !(wholePart.isEmpty && fraction.isEmpty),
              wholePart.allSatisfy({ $0.isASCII && $0.isNumber }), fraction.allSatisfy({ $0.isASCII && $0.isNumber })
        else { return nil }
        while fraction.count > 6, fraction.last == "0" { fraction = fraction.dropLast() }
        guard fraction.count <= 6 else { return nil }
        let paddedFraction = fraction + String(repeating: "0", count: 6 - fraction.count)
        guard let whole = wholePart.isEmpty ? 0 : Int64(wholePart), let part = Int64(paddedFraction) else { return nil }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: Self.scale)
        let (sum, overflow2) = scaled.addingReportingOverflow(part)
        guard !overflow, !overflow2 else { return nil }
        millionths = negative ? -sum : sum
    }

    public static func < (lhs: ShopDecimal, rhs: ShopDecimal) -> Bool { lhs.millionths < rhs.millionths }

    public static func + (lhs: ShopDecimal, rhs: ShopDecimal) -> ShopDecimal {
        ShopDecimal(millionths: lhs.millionths + rhs.millionths)
    }

    public static func - (lhs: ShopDecimal, rhs: ShopDecimal) -> ShopDecimal {
        ShopDecimal(millionths: lhs.millionths - rhs.millionths)
    }

    /// As the webservice writes it: six decimals (`16.510000`).
    public var webserviceText: String { format(minimumDecimals: 6) }

    /// As a person reads it, and as the JSON representation carries it: trailing zeros dropped,
    /// at least two decimals (`16.51`, `20.00`, `0.123456`).
    public var description: String { format(minimumDecimals: 2) }

    private func format(minimumDecimals: Int) -> String {
        let magnitude = millionths.magnitude
        let whole = magnitude / UInt64(Self.scale)
        var fraction = String(magnitude % UInt64(Self.scale))
        fraction = String(repeating: "0", count: 6 - fraction.count) + fraction
        while fraction.count > minimumDecimals, fraction.last == "0" { fraction.removeLast() }
        return (millionths < 0 ? "-" : "") + "\(whole)" + (fraction.isEmpty ? "" : ".\(fraction)")
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = ShopDecimal(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "“\(text)” is not a decimal with at most 6 places"))
        }
        self = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

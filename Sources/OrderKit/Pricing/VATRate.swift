import Amounts
import Foundation

/// A VAT rate ("aliquota IVA") in hundredths of a percent: 22 % is 2200, 4 % is 400, 5,5 % is 550.
///
/// Italian orders print the taxable amount, the VAT of each rate and the total (issue 40). A
/// product's rate comes from the company's sheet (`Aliquota IVA`) and defaults to the standard
/// 22 %; the exempt 0 % is a rate too.
public struct VATRate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let hundredths: Int

    /// The Italian standard rate, used where a sheet gives none.
    public static let standard = VATRate(uncheckedHundredths: 2200)

    /// Nil below 0 or above 100 %.
    public init?(hundredths: Int) {
        guard (0...10_000).contains(hundredths) else { return nil }
        self.hundredths = hundredths
    }

    private init(uncheckedHundredths: Int) { hundredths = uncheckedHundredths }

    /// "22", "22%", "22 %", "4,5", "10.00": a percentage with at most two decimals, a point or a
    /// comma, an optional "%". Nil for anything else, rather than a guess ("0.22" is 0,22 %).
    public init?(_ text: String) {
        var trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasSuffix("%") { trimmed = String(trimmed.dropLast()).trimmingCharacters(in: .whitespaces) }
        let parts = trimmed.split(separator: trimmed.contains(",") ? "," : ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, (1...3).contains(whole.count),
              whole.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        var fraction = parts.count == 2 ? parts[1] : "00"
        guard (1...2).contains(fraction.count), fraction.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        if fraction.count == 1 { fraction += "0" }
        guard let percent = Int(whole), let hundredths = Int(fraction) else { return nil }
        self.init(hundredths: percent * 100 + hundredths)
    }

    /// The rate as a fraction: 0.22 for 22 %.
    public var fraction: Decimal { Decimal(sign: .plus, exponent: -4, significand: Decimal(hundredths)) }

    /// "22", "4,5": the percentage as an Italian number, without "%".
    public var italianNumber: String {
        let whole = hundredths / 100, rest = hundredths % 100
        guard rest != 0 else { return String(whole) }
        let decimals = rest % 10 == 0 ? String(rest / 10) : String(format: "%02d", rest)
        return "\(whole),\(decimals)"
    }

    /// "22", "5.5", "4.75": the percentage with a point, as the sync's fields carry it.
    public var plainText: String {
        let whole = hundredths / 100, rest = hundredths % 100
        guard rest != 0 else { return String(whole) }
        return "\(whole)." + (rest % 10 == 0 ? String(rest / 10) : String(format: "%02d", rest))
    }

    /// "22 %".
    public var description: String { italianNumber + " %" }

    /// The VAT on `taxable`, rounded half up to the cent; nil only past `Money.maximum`.
    public func tax(on taxable: Money) -> Money? { taxable.multiplied(by: fraction) }

    public static func < (lhs: VATRate, rhs: VATRate) -> Bool { lhs.hundredths < rhs.hundredths }

    public init(from decoder: any Decoder) throws {
        let hundredths = try decoder.singleValueContainer().decode(Int.self)
        guard let rate = VATRate(hundredths: hundredths) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a VAT rate is 0…10000 hundredths of a percent, not \(hundredths)"))
        }
        self = rate
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hundredths)
    }
}

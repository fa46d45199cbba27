import OrderKit
import Amounts
import Foundation

/// The cell values master data needs, read strictly: a value that is not clearly what the
/// column means is reported, never guessed (the same rule as `Money.init?(_:)`).
enum ImportedValue {
    /// A cell's text as stored: ends trimmed, line breaks inside (Alt+Enter in Excel) joined
    /// with a space, since the sync lines are one line per record, and Unicode NFC, so an
    /// "è" typed on a Mac (e + combining grave) is the same text as one typed on Windows.
    static func cleaned(_ raw: String) -> String {
        var text = raw
        if let first = text.unicodeScalars.first, let last = text.unicodeScalars.last,
           first.properties.isWhitespace || last.properties.isWhitespace {
            text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // Bytes, not Characters: iterating Characters costs a grapheme break check each.
        if text.utf8.contains(where: { (0x0A...0x0D).contains($0) }) || text.unicodeScalars.contains(where: { $0 == "\u{2028}" || $0 == "\u{85}" }) {
            text = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        }
        return isNFC(text) ? text : text.precomposedStringWithCanonicalMapping
    }

    /// A quick check that spares most Italian text the (slow) normalisation: scalars below
    /// U+0300 (ASCII, Latin-1 "àèéìòù", Latin Extended) and in U+2010–U+20CF (dashes, quotes
    /// “”, "€") are all in NFC on their own (Unicode NFC_Quick_Check=Yes, checked against
    /// Python's unicodedata), and combining marks, which need composing, start at U+0300.
    private static func isNFC(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value < 0x300 || (0x2010..<0x20D0).contains($0.value) }
    }

    /// "12.50", "12,50", "12.5", "€ 12,50", "12,50 €": Money's format with an optional euro sign.
    static func price(_ text: String) -> UnitPrice? {
        var amount = text.trimmingCharacters(in: .whitespaces)
        if amount.hasPrefix("€") { amount.removeFirst() }
        if amount.hasSuffix("€") { amount.removeLast() }
        return UnitPrice(amount)
    }

    /// A whole number from 1 to 999,999.
    static func quantity(_ text: String) -> Int? {
        guard (1...6).contains(text.count), text.allSatisfy(\.isASCIIDigitCharacter), let value = Int(text), value >= 1 else { return nil }
        return value
    }

    /// A discount percentage from 0 to 100 with at most two decimals: "10", "2.5", "2,5", "10%"
    /// (a cell formatted as a percentage reads "10%").
    static func percentage(_ text: String) -> Decimal? {
        var number = text
        if number.hasSuffix("%") { number = String(number.dropLast()).trimmingCharacters(in: .whitespaces) }
        let parts = number.split(separator: number.contains(",") ? "," : ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (1...3).contains(parts[0].count), parts[0].allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        guard fraction.count <= 2, parts.count == 1 || !fraction.isEmpty, fraction.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
        guard let value = Decimal(string: fraction.isEmpty ? String(parts[0]) : "\(parts[0]).\(fraction)", locale: Locale(identifier: "en_US_POSIX")),
              value <= 100 else { return nil }
        return value
    }

    /// One address, "name@domain.tld", without spaces: enough to catch a phone number or two
    /// addresses in the e-mail column before an order is mailed to nowhere.
    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !text.contains(where: { $0.isWhitespace || $0 == "," || $0 == ";" }) else { return false }
        let domain = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return domain.count >= 2 && domain.allSatisfy { !$0.isEmpty }
    }
}

import Amounts
import Foundation

/// The limits every catalogue record must respect; `TicketCatalogue.validate()` applies them
/// to the seed and the store to every edit.
enum CatalogueRules {
    /// A ride longer than a week is a pass, not a ticket.
    static let maximumRideMinutes = 7 * 24 * 60
    static let maximumRides = 50
    /// Real keywords are one or two words ("ATM", "ATC E3").
    static let maximumKeywordLength = 40
    static let codeRule = "2 to \(TicketPayload.maximumCodeLength) upper-case letters A–Z, digits and hyphens, e.g. ATM-MI"
    static let provinceCodeRule = "two upper-case letters, the sigla automobilistica, e.g. PD"

    /// Operator and product codes: short enough to be signed into a ticket, plain enough for
    /// a URL path and a command line.
    static func isValidCode(_ code: String) -> Bool {
        (2...TicketPayload.maximumCodeLength).contains(code.utf8.count)
            && code.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D }
    }

    static func isValidProvinceCode(_ code: String) -> Bool {
        code.utf8.count == 2 && code.utf8.allSatisfy { (0x41...0x5A).contains($0) }
    }

    /// Digits with an optional "+": what an `sms:` link takes (RFC 5724 allows more, but
    /// Italian short numbers and mobile numbers need no more).
    static func isValidSMSNumber(_ number: String) -> Bool {
        let digits = number.hasPrefix("+") ? number.dropFirst() : Substring(number)
        return (3...15).contains(digits.count) && digits.allSatisfy(\.isASCIIDigitCharacter)
    }

    /// Empty (not sold by SMS) or one line of text without braces, which would read as a
    /// placeholder in the operator's template.
    static func isValidKeyword(_ keyword: String) -> Bool {
        keyword.count <= maximumKeywordLength && !keyword.contains { $0 == "{" || $0 == "}" || $0.isNewline }
    }

    static func isBlank(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
}

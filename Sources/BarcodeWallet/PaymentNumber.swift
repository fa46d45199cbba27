/// The number a payment SMS goes to: a profile's own, or the wallet operator's for everyone
/// else (seed 001 §11.1.4: the app learns from its server where the payment request goes).
///
/// Written as people write numbers ("+39 02 4860 7607", "(02) 486-07607", the short "48444"),
/// stored as dialled: an optional leading `+` and 3 to 15 digits (ITU-T E.164's longest; short
/// codes that premium services use have 3 to 6).
public enum PaymentNumber {
    public static let digitCount = 3...15

    /// The number as stored, `""` for a blank one (none), or what is wrong with it.
    public static func normalized(_ text: String, field: String = "payment SMS number") throws(WalletError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return "" }
        let plus = trimmed.hasPrefix("+")
        let rest = plus ? trimmed.dropFirst() : Substring(trimmed)
        if let bad = rest.first(where: { !($0.isASCII && ($0.isNumber || " -.()/".contains($0))) }) {
            throw .invalidProfile(field: field, problem: "cannot contain \"\(bad)\"; write digits, with a + in front for an international number")
        }
        let digits = rest.filter(\.isNumber)
        guard digitCount.contains(digits.count) else {
            throw .invalidProfile(field: field, problem: "has \(digits.count) digits; a number has \(digitCount.lowerBound) to \(digitCount.upperBound)")
        }
        return (plus ? "+" : "") + digits
    }
}

/// Where a payment SMS is sent, and who said so.
public struct PaymentRecipient: Sendable, Hashable {
    public enum Source: String, Sendable, Hashable {
        /// The profile's own payment number.
        case profile
        /// The number the wallet's operator set for everyone (`/barcodes/admin`).
        case `operator`
    }

    public let number: String
    public let source: Source

    public init(number: String, source: Source) {
        (self.number, self.source) = (number, source)
    }
}

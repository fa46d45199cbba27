import Foundation

/// The operator's reply SMS, which is the ticket of an SMS purchase (NOTES.md §1: "a reply SMS
/// arrives within seconds and *is* the ticket: it carries a ticket code, the issue time and
/// the validity"). Kept word for word, since altering it counts as forgery; the code and the end
/// of validity are read out of it where the text states them.
public struct OperatorReply: Sendable, Hashable, Codable {
    public var text: String
    /// The ticket or PNR code, when the text names one.
    public var code: String?
    /// The end of validity the text states, read in the operator's zone; nil when it states none.
    public var validUntil: Date?

    /// Reads `text`, received around `received`: a time without a date is the next such time
    /// after the purchase was sent (`sent`), in `zone`.
    /// With `codeLabel` ("PNR"), the code is the one after that label, as the operator writes it.
    public init(text: String, sent: Date, zone: TimeZone, codeLabel: String? = nil) {
        self.text = text
        code = codeLabel.map { Self.code(in: text, after: $0) } ?? Self.code(in: text)
        validUntil = Self.validUntil(in: text, after: sent, zone: zone)
    }

    /// What a reply must carry, for the message that refuses one without it.
    public static func expectedCode(label: String?) -> String {
        label.map { "\"\($0)\" followed by the ticket code" } ?? "a ticket code (\"codice\", \"PNR\" or \"biglietto n.\" and the code, or a code of six letters and digits)"
    }

    /// The code after `label` ("PNR: X7K2P9"), letters and digits, four or more.
    static func code(in text: String, after label: String) -> String? {
        guard let range = text.range(of: label, options: [.caseInsensitive]) else { return nil }
        let rest = text[range.upperBound...].drop { " :#.\t".contains($0) }
        let code = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        return code.count >= 4 ? String(code).uppercased() : nil
    }

    /// "codice", "cod.", "PNR", "biglietto n.", "ticket" followed by the code; else the longest
    /// token of capital letters and digits with at least one digit and six characters.
    static func code(in text: String) -> String? {
        let labelled = /(?i)(?:codice|cod\.|pnr|biglietto\s*n\.?|ticket|n\.)\s*[:#]?\s*([A-Za-z0-9]{4,})/
        if let match = text.firstMatch(of: labelled) { return String(match.1).uppercased() }
        let tokens = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
        return tokens.filter { $0.count >= 6 && $0.contains(where: \.isNumber) && $0 == $0.uppercased() }.max { $0.count < $1.count }
    }

    /// "valido fino alle 10:35", "scade il 27/11/2026 alle 10:35", "valid until 10:35".
    static func validUntil(in text: String, after sent: Date, zone: TimeZone) -> Date? {
        let phrase = /(?i)(?:fino\s+al(?:le)?|scad\w*(?:\s+il)?(?:\s+alle)?|valid\w*\s+until|entro\s+le)\s+(?:(\d{1,2})\/(\d{1,2})\/(\d{2,4})\s*(?:alle|ore|h)?\s*)?(\d{1,2})[:.](\d{2})/
        guard let match = text.firstMatch(of: phrase), let hour = Int(match.4), let minute = Int(match.5), hour < 24, minute < 60 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        if let day = match.1.flatMap({ Int($0) }), let month = match.2.flatMap({ Int($0) }), let yearText = match.3, var year = Int(yearText) {
            if year < 100 { year += 2000 }
            return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))
        }
        // A time alone: the first such time after the SMS was sent.
        guard let sameDay = calendar.date(bySettingHour: hour, minute: minute, second: 0, of: sent) else { return nil }
        return sameDay > sent ? sameDay : calendar.date(byAdding: .day, value: 1, to: sameDay)
    }
}

import Foundation

/// How old a fare is: Italian fares changed many times (ATM Milano's ordinary ticket: €1.00,
/// €1.50 in 2011, €2.00 in 2019, €2.20 in 2023), so every screen says when a fare was true, and
/// one more than two years old is flagged.
public struct FareAge: Sendable, Hashable {
    /// The `asOf` text: `2024-05-01`, `2023-04` or `2024`.
    public var asOf: String
    /// The last day the text can mean (a year's 31 December, a month's last day).
    public var lastDay: Date

    /// A fare more than this many years before now is flagged as possibly out of date.
    public static let staleAfterYears = 2

    /// Reads `text`; nil unless it is a year, a year and month, or a date (ISO 8601).
    public init?(_ text: String) {
        guard let match = text.wholeMatch(of: /(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/), let year = Int(match.1), (1990...2100).contains(year) else {
            return nil
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Rome") ?? .gmt
        let month = match.2.flatMap { Int($0) }, day = match.3.flatMap { Int($0) }
        if let month, !(1...12).contains(month) { return nil }
        let components: DateComponents
        if let month, let day {
            guard (1...31).contains(day), let date = calendar.date(from: DateComponents(year: year, month: month, day: day)),
                  calendar.component(.day, from: date) == day else { return nil }
            components = DateComponents(year: year, month: month, day: day)
        } else if let month {
            guard let first = calendar.date(from: DateComponents(year: year, month: month, day: 1)),
                  let days = calendar.range(of: .day, in: .month, for: first) else { return nil }
            components = DateComponents(year: year, month: month, day: days.upperBound - 1)
        } else {
            components = DateComponents(year: year, month: 12, day: 31)
        }
        guard let last = calendar.date(from: components) else { return nil }
        (asOf, lastDay) = (text, last)
    }

    /// Whether the fare was last known true more than ``staleAfterYears`` years before `now`.
    public func isStale(at now: Date) -> Bool {
        guard let limit = Calendar(identifier: .gregorian).date(byAdding: .year, value: -Self.staleAfterYears, to: now) else { return false }
        return lastDay < limit
    }
}

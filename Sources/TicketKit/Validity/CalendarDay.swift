import Foundation

/// A calendar day as forms, the API and the CLI write it (`YYYY-MM-DD`), read in an operator's
/// time zone: the day a subscription starts is the operator's day, not the server's.
public enum CalendarDay {
    /// The start of the day `text` names in `timeZone`, or nil when `text` is not a real date
    /// (2026-02-30, 2026-2-3, 26-02-03).
    public static func date(_ text: String, in timeZone: TimeZone) -> Date? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
        guard text.count == 10, parts.count == 3, let year = parts[0], let month = parts[1], let day = parts[2] else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: year, month: month, day: day)
        guard components.isValidDate(in: calendar) else { return nil }
        return calendar.date(from: components)
    }

    /// The day containing `date` in `timeZone`, as `YYYY-MM-DD`.
    public static func text(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}

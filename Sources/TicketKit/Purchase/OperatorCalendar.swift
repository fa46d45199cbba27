import Foundation

/// Days as the operator's zone sees them: what "today", "the past" and an SMS's date mean.
struct OperatorCalendar {
    let calendar: Calendar

    init(zone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        self.calendar = calendar
    }

    /// Whole days from the day of `from` to the day of `to` (negative when `to` is earlier).
    func days(from: Date, to: Date) -> Int {
        calendar.dateComponents([.day], from: calendar.startOfDay(for: from), to: calendar.startOfDay(for: to)).day ?? 0
    }

    func adding(days: Int, to date: Date) -> Date {
        calendar.date(byAdding: .day, value: days, to: calendar.startOfDay(for: date)) ?? date
    }

    /// "2024-03-14": the form error messages and the API use.
    func iso(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return "\(parts.year ?? 0)-\(Self.twoDigits(parts.month))-\(Self.twoDigits(parts.day))"
    }

    /// "14/03/2024": the Italian form the SMS syntax of the thesis uses.
    func italian(_ date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return "\(Self.twoDigits(parts.day))/\(Self.twoDigits(parts.month))/\(parts.year ?? 0)"
    }

    private static func twoDigits(_ value: Int?) -> String {
        let value = value ?? 0
        return value < 10 ? "0\(value)" : "\(value)"
    }
}

import Foundation

/// The periods a public-transport subscription is sold for.
///
/// The rule, as the Padova thesis specified it: a subscription covers the **calendar** period
/// that contains its start day — the ISO week (Monday to Sunday), the month, the semester
/// (January–June or July–December) or the year — from the start of that day to the end of the
/// period's last day. A pass bought on Thursday for "this week" ends on Sunday; one started on
/// 31 January for "this month" lasts one day. Times are in the operator's time zone
/// (Europe/Rome for the Italian catalogue), so midnight is the local midnight.
public enum SubscriptionPeriod: String, Sendable, Hashable, Codable, CaseIterable {
    case week, month, semester, year

    /// The interval covered by a subscription starting on the day of `start`: from that day's
    /// midnight up to (excluding) the first midnight after the period.
    public func validity(startingOn start: Date, in timeZone: TimeZone) -> DateInterval {
        var calendar = Calendar(identifier: .iso8601)
        calendar.timeZone = timeZone
        let firstDay = calendar.startOfDay(for: start)
        let periodStart: Date
        let length: DateComponents
        switch self {
        case .week:
            periodStart = calendar.dateInterval(of: .weekOfYear, for: firstDay)?.start ?? firstDay
            length = DateComponents(day: 7)
        case .month:
            periodStart = calendar.dateInterval(of: .month, for: firstDay)?.start ?? firstDay
            length = DateComponents(month: 1)
        case .semester:
            let parts = calendar.dateComponents([.year, .month], from: firstDay)
            let firstMonth = (parts.month ?? 1) <= 6 ? 1 : 7
            periodStart = calendar.date(from: DateComponents(year: parts.year, month: firstMonth, day: 1)) ?? firstDay
            length = DateComponents(month: 6)
        case .year:
            periodStart = calendar.dateInterval(of: .year, for: firstDay)?.start ?? firstDay
            length = DateComponents(year: 1)
        }
        // Adding calendar units to the period's start (not seconds) keeps daylight-saving
        // changes and month lengths right.
        let end = calendar.date(byAdding: length, to: periodStart) ?? firstDay
        return DateInterval(start: firstDay, end: end)
    }
}

import Foundation

/// Times as an Italian rider reads them.
package enum DayText {
    /// "31/12/2026 23:59" in the operator's zone.
    package static func local(_ date: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%02d/%02d/%04d %02d:%02d", parts.day ?? 0, parts.month ?? 0, parts.year ?? 0, parts.hour ?? 0, parts.minute ?? 0)
    }

    /// The end of a validity as a rider reads it: a pass that ends at midnight (exclusive) is
    /// shown as valid to 23:59 of its last day, not to 00:00 of the day after.
    package static func localEnd(_ end: Date, in timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return local(calendar.startOfDay(for: end) == end ? end.addingTimeInterval(-60) : end, in: timeZone)
    }
}

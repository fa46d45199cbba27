import Foundation

/// The thesis protocol's `lastSync` time: `2024-03-14 09:30:00`, with no zone, so both
/// ends must agree on the zone it is written and read in.
public enum ThesisSyncTime {
    public static func format(_ date: Date, zone: TimeZone) -> String {
        formatter(zone: zone).string(from: date)
    }

    public static func parse(_ text: String, zone: TimeZone) -> Date? {
        formatter(zone: zone).date(from: text)
    }

    private static func formatter(zone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = zone
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        return formatter
    }
}

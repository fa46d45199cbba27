import Foundation

/// A ride's validity as a rider reads it: minutes up to two hours ("90 min", "120 min"), then
/// hours ("3 h", "2 h 30 min") and whole days ("1 day", "3 days").
public enum ValidityText {
    public static func minutes(_ minutes: Int) -> String {
        guard minutes > 120 else { return "\(minutes) min" }
        if minutes % 1_440 == 0 {
            let days = minutes / 1_440
            return days == 1 ? "1 day" : "\(days) days"
        }
        let (hours, rest) = minutes.quotientAndRemainder(dividingBy: 60)
        return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
    }
}

import OrderKit
import Foundation

/// Writes a number an XLSX cell stores (`<v>12.499999999999998</v>`, a binary double written
/// with 17 digits) as the user saw it typed: the shortest decimal with at most 15 significant
/// digits, the precision Excel itself displays and keeps (Microsoft, "Floating-point arithmetic
/// may give inaccurate results in Excel"). So 12.5 stored as 12.499999999999998 reads "12.5",
/// 0.1 + 0.2 reads "0.3", 3 reads "3", and never an exponent ("0.00001", not "1e-05").
enum XLSXNumberText {
    /// The number as text, the decimal point moved `shift` places right (2 for a percentage);
    /// nil when `raw` is not a finite number.
    static func text(_ raw: String, shift: Int = 0) -> String? {
        if shift == 0, isShortPlainDecimal(raw) { return raw }
        guard let value = Double(raw.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        guard value != 0 else { return "0" }
        // "%.14e" rounds to 15 significant digits: "1.24999999999999e+01" has 1 + 14.
        let scientific = Array(String(format: "%.14e", abs(value)).utf8)
        guard let mark = scientific.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }),
              let exponent = Int(String(decoding: scientific[(mark + 1)...], as: UTF8.self)) else { return nil }
        var digits = scientific[..<mark].filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        while digits.count > 1, digits.last == UInt8(ascii: "0") { digits.removeLast() }
        // The decimal point falls after `point` digits (negative: zeros come first).
        let point = exponent + 1 + shift
        var text = value < 0 ? "-" : ""
        if point <= 0 {
            text += "0." + String(repeating: "0", count: -point) + String(decoding: digits, as: UTF8.self)
        } else if point >= digits.count {
            text += String(decoding: digits, as: UTF8.self) + String(repeating: "0", count: point - digits.count)
        } else {
            text += String(decoding: digits[..<point], as: UTF8.self) + "." + String(decoding: digits[point...], as: UTF8.self)
        }
        return text
    }

    /// Whether `raw` is already the text `text(_:)` would give: "12.5", "-3", "1234.56" — at
    /// most 15 digits, no exponent, no leading zero before other digits, no trailing zero
    /// after the point. Most cells are, and skip the formatting.
    static func isShortPlainDecimal(_ raw: String) -> Bool {
        var digits = 0
        var sawPoint = false
        var last: UInt8 = 0
        var first: UInt8?
        var second: UInt8?
        for (index, byte) in raw.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if first == nil { first = byte } else if second == nil { second = byte }
            case UInt8(ascii: "."):
                guard !sawPoint, digits > 0 else { return false }
                sawPoint = true
                if second == nil { second = byte }
            case UInt8(ascii: "-") where index == 0:
                break
            default:
                return false
            }
            last = byte
        }
        guard (1...15).contains(digits), last != UInt8(ascii: ".") else { return false }
        if sawPoint && last == UInt8(ascii: "0") { return false }
        // "0" and "0.5" are fine; "007" is not how a number is written.
        if first == UInt8(ascii: "0"), let second, second != UInt8(ascii: ".") { return false }
        return raw != "-0"
    }

    /// A whole number padded with leading zeros to `width` digits, as the format "00000" shows
    /// it; other numbers as `text(_:)`.
    static func zeroPadded(_ raw: String, width: Int) -> String? {
        guard let plain = text(raw) else { return nil }
        guard !plain.contains("."), !plain.hasPrefix("-"), plain.count < width else { return plain }
        return String(repeating: "0", count: width - plain.count) + plain
    }
}

import OrderKit
import Foundation

/// The few pieces of PDF syntax the writer needs (ISO 32000-1 §7.3, "Objects"), each written
/// one way only so that the same document always gives the same bytes.
enum PDFSyntax {
    /// A real number with at most two decimals and no exponent, "12.5", "-3", "595.28"
    /// (§7.3.3: PDF numbers have no exponent form). Hundredths of a point are far below what a
    /// printer shows. A non-finite value is written as 0 rather than producing a broken file.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let hundredths = Int((value * 100).rounded())
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = hundredths.magnitude
        let whole = magnitude / 100
        let fraction = magnitude % 100
        if fraction == 0 { return sign + String(whole) }
        let digits = fraction < 10 ? "0" + String(fraction) : String(fraction)
        return sign + String(whole) + "." + (digits.hasSuffix("0") ? String(digits.dropLast()) : digits)
    }

    /// A literal string of already-encoded bytes: `(`, `)` and `\` escaped with a backslash
    /// (§7.3.4.2, Table 3), every other byte written as it is — the stream is binary.
    static func literalString(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x28]
        out.reserveCapacity(bytes.count + 2)
        for byte in bytes {
            switch byte {
            case 0x28, 0x29, 0x5C: out += [0x5C, byte]
            case 0x0D: out += Array(#"\r"#.utf8)  // a bare CR inside a string would be read as LF
            case 0x0A: out += Array(#"\n"#.utf8)
            default: out.append(byte)
            }
        }
        out.append(0x29)
        return out
    }

    /// A text string for the document information dictionary (§7.9.2.2): plain ASCII as a
    /// literal string, anything else as UTF-16BE with its byte order mark, in hexadecimal, so
    /// a title such as "Caffè Società" shows correctly in every reader's document properties.
    static func textString(_ text: String) -> [UInt8] {
        if text.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) }) {
            return literalString(Array(text.utf8))
        }
        var hex = "<FEFF"
        for unit in text.utf16 {
            let digits = String(unit, radix: 16, uppercase: true)
            hex += String(repeating: "0", count: 4 - digits.count) + digits
        }
        return Array((hex + ">").utf8)
    }

    /// A date as §7.9.4 writes it, in UTC: "D:20250314093000Z".
    static func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        let year = String(parts.year ?? 0)
        return "D:" + String(repeating: "0", count: max(0, 4 - year.count)) + year + two(parts.month) + two(parts.day)
            + two(parts.hour) + two(parts.minute) + two(parts.second) + "Z"
    }
}

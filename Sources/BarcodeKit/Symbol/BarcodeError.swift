import Foundation

/// Why a code could not be checked or encoded, in words a user can act on.
public enum BarcodeError: Error, Sendable, Equatable, LocalizedError {
    /// `position` is 1-based; `allowed` says what the symbology takes there.
    case invalidCharacter(Character, position: Int, format: BarcodeFormat, allowed: String)
    case wrongLength(Int, format: BarcodeFormat, expected: String)
    case wrongCheckDigit(found: Character, expected: Character, format: BarcodeFormat)
    case tooLong(bytes: Int, format: BarcodeFormat, limit: String)
    /// A QR Code's data past version 40 at its level: `count` of the mode's units (digits,
    /// characters or bytes) against the most that mode holds at that level.
    case qrDoesNotFit(count: Int, mode: String, unit: String, maximum: Int, level: String)
    case unsupported(String)

    public var errorDescription: String? {
        switch self {
        case .invalidCharacter(let character, let position, let format, let allowed):
            "character \(position) (\"\(character)\") cannot be encoded in \(format.rawValue): it takes \(allowed)"
        case .wrongLength(let length, let format, let expected):
            "\(format.rawValue) has \(expected), not \(length)"
        case .wrongCheckDigit(let found, let expected, let format):
            "the check digit is \(found), but the digits before it give \(expected): the \(format.rawValue) code is mistyped or damaged"
        case .tooLong(let bytes, let format, let limit):
            "\(bytes) bytes do not fit in \(format.rawValue): \(limit)"
        case .qrDoesNotFit(let count, let mode, let unit, let maximum, let level):
            "\(Self.grouped(count)) \(unit) do not fit: \(mode) mode holds at most \(Self.grouped(maximum)) at level \(level)"
                + (level == "L" ? "; split the data over several codes" : "; choose a lower error-correction level (down to L) or split the data")
        case .unsupported(let what):
            what
        }
    }

    /// 7090 as "7,090".
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return text
    }
}

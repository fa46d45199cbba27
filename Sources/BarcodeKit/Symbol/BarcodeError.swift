import Foundation

/// Why a code could not be checked or encoded, in words a user can act on.
public enum BarcodeError: Error, Sendable, Equatable, LocalizedError {
    /// `position` is 1-based; `allowed` says what the symbology takes there.
    case invalidCharacter(Character, position: Int, format: BarcodeFormat, allowed: String)
    case wrongLength(Int, format: BarcodeFormat, expected: String)
    case wrongCheckDigit(found: Character, expected: Character, format: BarcodeFormat)
    case tooLong(bytes: Int, format: BarcodeFormat, limit: String)
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
        case .unsupported(let what):
            what
        }
    }
}

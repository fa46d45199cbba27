/// One unit of data a Code 128 symbol carries, before code sets are chosen: a byte of
/// ISO 8859-1 text, or the FNC1 function character (ISO/IEC 15417:2007 §4.3.4.1).
enum Code128Element: Sendable, Hashable {
    case byte(UInt8)
    case fnc1

    var isDigit: Bool {
        if case .byte(let byte) = self { return byte >= 0x30 && byte <= 0x39 }
        return false
    }

    /// The bytes of `text`, refusing what Code 128 cannot carry.
    ///
    /// Code 128 carries ASCII directly and the upper half of ISO 8859-1 with FNC4 (§4.3.4.4),
    /// so every Unicode scalar must be at most U+00FF. Positions in errors count `Character`s
    /// from 1, as a user sees the text.
    static func bytes(of text: String) throws(BarcodeError) -> [Code128Element] {
        var elements: [Code128Element] = []
        for (offset, character) in text.enumerated() {
            for scalar in character.unicodeScalars {
                guard scalar.value <= 0xFF else {
                    throw .invalidCharacter(
                        character, position: offset + 1, format: .code128,
                        allowed: "ISO 8859-1 (Latin-1) characters, U+0000 to U+00FF")
                }
                elements.append(.byte(UInt8(scalar.value)))
            }
        }
        return elements
    }
}

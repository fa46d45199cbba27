import OrderKit
import Foundation

/// Text as the bytes of PDF's WinAnsiEncoding, the one-byte encoding the standard fonts use here.
///
/// WinAnsiEncoding (ISO 32000-1 Annex D.2, "Latin Character Set and Encodings") is Windows code
/// page 1252: ASCII, ISO 8859-1's upper half at 0xA0–0xFF (so every Italian accented letter, à è
/// é ì ò ù À È É Ì Ò Ù, keeps its Latin-1 byte) and, in 0x80–0x9F, the euro sign (0x80), the
/// typographic quotes ‘ ’ “ ” and the dashes – —. A standard Type 1 font is not embedded, so a
/// character this encoding lacks (Ł, ź, Greek, emoji…) cannot be shown at all: it becomes "?"
/// rather than a wrong letter or a missing one, so a reader sees something was there.
public enum WinAnsiEncoding {
    /// The byte written for a character the encoding lacks: "?".
    public static let replacement: UInt8 = 0x3F

    /// The byte for one Unicode scalar, or nil when WinAnsiEncoding has no such character.
    /// Control characters have none (the writer turns line breaks and tabs into spaces).
    public static func byte(for scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        if (0x20...0x7E).contains(value) || (0xA0...0xFF).contains(value) { return UInt8(value) }
        return windows1252Extras[value]
    }

    /// The bytes of `text`: composed first (NFC), so "ì" typed as "i" + combining grave is one
    /// letter; tabs and line breaks (CR LF counted once) become spaces; anything else missing
    /// becomes "?".
    public static func encode(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var previous: Unicode.Scalar?
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            defer { previous = scalar }
            if scalar == "\n" && previous == "\r" {
                continue
            } else if let byte = byte(for: scalar) {
                bytes.append(byte)
            } else if scalar.properties.isWhitespace {
                bytes.append(0x20)
            } else {
                bytes.append(replacement)
            }
        }
        return bytes
    }

    /// Code page 1252's 0x80–0x9F (Annex D.2); 0x81, 0x8D, 0x8F, 0x90 and 0x9D are unused.
    private static let windows1252Extras: [UInt32: UInt8] = [
        0x20AC: 0x80, 0x201A: 0x82, 0x0192: 0x83, 0x201E: 0x84, 0x2026: 0x85, 0x2020: 0x86,
        0x2021: 0x87, 0x02C6: 0x88, 0x2030: 0x89, 0x0160: 0x8A, 0x2039: 0x8B, 0x0152: 0x8C,
        0x017D: 0x8E, 0x2018: 0x91, 0x2019: 0x92, 0x201C: 0x93, 0x201D: 0x94, 0x2022: 0x95,
        0x2013: 0x96, 0x2014: 0x97, 0x02DC: 0x98, 0x2122: 0x99, 0x0161: 0x9A, 0x203A: 0x9B,
        0x0153: 0x9C, 0x017E: 0x9E, 0x0178: 0x9F,
    ]
}

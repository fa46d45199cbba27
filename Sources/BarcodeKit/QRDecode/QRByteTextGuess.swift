import Foundation

/// The character set of byte-mode data that carries no ECI.
///
/// ISO/IEC 18004:2015 §7.4.2.2 makes ISO 8859-1 the default, but most symbols in the wild
/// hold UTF-8 (phones, web generators) or, from Japanese encoders, Shift JIS, and readers
/// guess. The rule here, checked against the expected texts of the shared fixtures:
///
/// 1. ASCII only, or valid UTF-8 (a leading byte-order mark is dropped) → UTF-8. Shift JIS
///    and ISO 8859-1 text with non-ASCII characters is almost never valid UTF-8, whose
///    multi-byte sequences are strict, while UTF-8 text is often valid Shift JIS — so UTF-8
///    is tried first.
/// 2. Valid Shift JIS (JIS X 0208 lead bytes 0x81–0x9F, 0xE0–0xEF and 0xFA–0xFC with trail
///    bytes 0x40–0x7E, 0x80–0xFC; single-byte half-width katakana 0xA1–0xDF) with evidence
///    that it is not Latin text → Shift JIS. Evidence is a kanji-mode segment in the same
///    symbol, a byte in 0x80–0x9F (C1 controls, which ISO 8859-1 text never contains) or two
///    half-width katakana in a row; a lone 0xA1–0xDF byte is more likely a Latin-1 symbol or
///    capital ("©", "É"), and an accented small letter followed by ASCII ("é" + "t") also
///    forms a valid Shift JIS pair.
/// 3. Otherwise ISO 8859-1, which every byte sequence is.
enum QRByteTextGuess: Sendable, Equatable {
    case utf8, shiftJIS, isoLatin1

    /// `besideKanji`: the symbol also has kanji-mode segments, so it was written in Shift JIS.
    static func guess(_ bytes: [UInt8], besideKanji: Bool = false) -> QRByteTextGuess {
        if bytes.allSatisfy({ $0 < 0x80 }) || String(validating: bytes, as: UTF8.self) != nil { return .utf8 }
        if looksLikeShiftJIS(bytes, besideKanji: besideKanji), String(data: Data(bytes), encoding: .shiftJIS) != nil {
            return .shiftJIS
        }
        return .isoLatin1
    }

    /// The bytes as text under the guessed character set.
    static func text(_ bytes: [UInt8]) -> String {
        switch guess(bytes) {
        case .utf8:
            let text = String(decoding: bytes, as: UTF8.self)
            return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        case .shiftJIS:
            return String(data: Data(bytes), encoding: .shiftJIS) ?? latin1(bytes)
        case .isoLatin1:
            return latin1(bytes)
        }
    }

    static func latin1(_ bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { UnicodeScalar($0) }))
    }

    /// Structure of Shift JIS (rule 2 above) plus the evidence that it is not Latin text.
    static func looksLikeShiftJIS(_ bytes: [UInt8], besideKanji: Bool = false) -> Bool {
        var evidence = besideKanji
        var katakanaRun = 0
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case 0x00...0x7F:
                katakanaRun = 0
                i += 1
            case 0xA1...0xDF:
                katakanaRun += 1
                if katakanaRun >= 2 { evidence = true }
                i += 1
            case 0x81...0x9F, 0xE0...0xEF, 0xFA...0xFC:
                guard i + 1 < bytes.count else { return false }
                let trail = bytes[i + 1]
                guard (0x40...0xFC).contains(trail), trail != 0x7F else { return false }
                if byte <= 0x9F || trail <= 0x9F && trail >= 0x80 { evidence = true }
                katakanaRun = 0
                i += 2
            default:
                return false  // 0x80, 0xA0, user-defined 0xF0–0xF9, 0xFD–0xFF
            }
        }
        return evidence
    }
}

import Testing
import OrderCompany
import OrderKit

/// WinAnsiEncoding bytes from ISO 32000-1 Annex D.2 (the Latin-1 upper half plus code page
/// 1252's 0x80–0x9F), checked character by character.
@Suite struct WinAnsiEncodingTests {
    @Test func italianAccentedLettersKeepTheirLatin1Bytes() {
        let expected: [(String, UInt8)] = [
            ("à", 0xE0), ("è", 0xE8), ("é", 0xE9), ("ì", 0xEC), ("ò", 0xF2), ("ù", 0xF9),
            ("À", 0xC0), ("È", 0xC8), ("É", 0xC9), ("Ì", 0xCC), ("Ò", 0xD2), ("Ù", 0xD9),
        ]
        for (letter, byte) in expected {
            #expect(WinAnsiEncoding.encode(letter) == [byte], "\(letter)")
        }
    }

    @Test func euroQuotesAndDashesUseTheWindows1252Block() {
        #expect(WinAnsiEncoding.encode("€") == [0x80])
        #expect(WinAnsiEncoding.encode("«»") == [0xAB, 0xBB])
        #expect(WinAnsiEncoding.encode("‘’“”") == [0x91, 0x92, 0x93, 0x94])
        #expect(WinAnsiEncoding.encode("–—") == [0x96, 0x97])
        #expect(WinAnsiEncoding.encode("Forlì 12,50 €") == Array("Forl".utf8) + [0xEC] + Array(" 12,50 ".utf8) + [0x80])
    }

    @Test func decomposedAccentsAreComposedFirst() {
        // "ì" typed as i + COMBINING GRAVE ACCENT (as macOS file names and some keyboards give it).
        #expect(WinAnsiEncoding.encode("Forli\u{0300}") == WinAnsiEncoding.encode("Forlì"))
        #expect(WinAnsiEncoding.encode("Citta\u{0300}") == Array("Citt".utf8) + [0xE0])
    }

    @Test func charactersTheEncodingLacksBecomeQuestionMarks() {
        // Ł and ź are not in WinAnsi; ó is (0xF3).
        #expect(WinAnsiEncoding.encode("Łódź") == [0x3F, 0xF3, 0x64, 0x3F])
        #expect(WinAnsiEncoding.encode("→ 😀 Ω") == [0x3F, 0x20, 0x3F, 0x20, 0x3F])
        #expect(WinAnsiEncoding.byte(for: "\u{0081}") == nil)
    }

    @Test func lineBreaksAndTabsBecomeSpaces() {
        #expect(WinAnsiEncoding.encode("a\nb\tc\r\nd\re") == Array("a b c d e".utf8))
    }
}

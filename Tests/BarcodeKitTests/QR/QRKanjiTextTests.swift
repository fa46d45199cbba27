import Foundation
import Testing

@testable import BarcodeKit
import TestSupport

/// Kanji mode for Unicode text (§7.4.6): Japanese text that Shift JIS holds exactly.
@Suite("Kanji mode from Unicode text")
struct QRKanjiTextTests {
    private func plan(_ text: String) throws -> QREncoder.Plan? {
        guard let bytes = QRShiftJISText.bytes(for: text) else { return nil }
        return try QREncoder.plan(bytes: bytes, header: .shiftJISForNonASCIIBytes, allowKanji: true, ecc: .medium, minimumVersion: 1)
    }

    @Test func test_japaneseTextGoesInKanjiModeWithoutECI() throws {
        let text = "今度のバージョンでは文章の暗号化ができます。"  // qrcode-2/31.txt
        let kanji = try #require(try plan(text))
        #expect(kanji.segments == [QRSegment(mode: .kanji, range: 0..<(2 * text.count))])
        #expect(kanji.eciDesignator == nil)
        // 22 characters: 4 + 8 + 22·13 = 298 bits against 12 + 4 + 8 + 66·8 = 552 in UTF-8.
        #expect(kanji.dataBits == 298)
        let code = try QREncoder.encode(text)
        #expect(code.version == kanji.version)
        let content = try QRSymbolDecoder.decode(code.matrix)
        #expect(content.text == text && !content.hasECI)
    }

    @Test func test_halfWidthKatakanaInByteModeBringsECI20() throws {
        let text = "ｶﾀｶﾅと漢字の混在テキスト"
        let kanji = try #require(try plan(text))
        #expect(kanji.eciDesignator == 20)
        #expect(kanji.segments.contains { $0.mode == .kanji })
        let content = try QRSymbolDecoder.decode(QREncoder.encode(text).matrix)
        #expect(content.text == text && content.hasECI)
    }

    @Test(arguments: [
        "波ダッシュ〜",  // U+301C has no Windows-31J code
        "全角チルダ～",  // 0x8160: JIS says 〜, Windows-31J ～
        "円記号\\100",  // JIS X 0201 readers show "\" as "¥"
        "Café 東京",  // é is not in Shift JIS
        "丸数字①",  // NEC row 13, not JIS X 0208
        "only ASCII and ｶﾀｶﾅ",  // no double-byte character: nothing for kanji mode
    ])
    func test_textThatMightNotComeBackStaysUTF8(text: String) throws {
        #expect(QRShiftJISText.bytes(for: text) == nil)
        let content = try QRSymbolDecoder.decode(QREncoder.encode(text).matrix)
        #expect(content.text == text && content.hasECI)
        #expect(content.rawBytes == Array(text.utf8))
    }

    @Test func test_greekCyrillicAndSymbolsOfJISX0208AreKanjiToo() throws {
        let text = "αβγδεζηθ ДЖЗИЙ ×÷○●"
        let kanji = try #require(try plan(text))
        #expect(kanji.segments.contains { $0.mode == .kanji })
        #expect(try QRSymbolDecoder.decode(QREncoder.encode(text).matrix).text == text)
    }

    @Test func test_fixtureJapaneseTextsRoundTripThroughKanjiMode() throws {
        guard QRDecodeTestSupport.fixturesExist else { return }
        let folder = QRDecodeTestSupport.fixtures.appendingPathComponent("qrcode-2")
        for stem in ["10", "16", "17", "26", "29", "30", "31", "33"] {
            let text = String(decoding: try Data(contentsOf: folder.appendingPathComponent("\(stem).txt")), as: UTF8.self)
            for ecc in QRErrorCorrection.allCases {
                let content = try QRSymbolDecoder.decode(QREncoder.encode(text, ecc: ecc).matrix)
                #expect(content.text == text, "qrcode-2/\(stem) at \(ecc.letter)")
            }
        }
    }

    @Test func test_randomJapaneseMixesRoundTripAndSegmentsStartOnCharacters() throws {
        var generator = SeededGenerator(seed: 31)
        let pieces = ["点", "茗", "ア", "ー", "の", "漢字", "ｱ", "ﾃﾞ", "ABC", "XYZ", "0123456789", "a", "-", " ", "。", "Ω", "DEFGHIJKLMNOPQ"]
        for _ in 0..<200 {
            let text = (0..<Int.random(in: 1...25, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            let bytes = try #require(text.data(using: .shiftJIS).map(Array.init))
            let starts = QRSegmentation.shiftJISCharacterStarts(bytes)
            for version in [1, 10, 27] {
                for segment in QRSegmentation.segments(for: bytes, version: version, allowKanji: true) {
                    #expect(starts[segment.range.lowerBound], "\(text): a segment starts inside a character")
                }
            }
            let shiftJIS = try QRSymbolDecoder.decode(QREncoder.encode(shiftJIS: bytes).matrix)
            #expect(shiftJIS.rawBytes == bytes)
            #expect(shiftJIS.text == text)
            #expect(try QRSymbolDecoder.decode(QREncoder.encode(text).matrix).text == text)
        }
    }

    @Test func test_kanjiModeNeverMakesTheSymbolLarger() throws {
        for text in ["東", "東京 Tokyo 2024", "ﾃﾞｻﾞｲﾝQR\r\nhttp://d-qr.net/ex/", "一二三四五六七八九十"] {
            for ecc in QRErrorCorrection.allCases {
                let unicode = try QREncoder.plan(bytes: Array(text.utf8), utf8ECI: true, allowKanji: false, ecc: ecc, minimumVersion: 1)
                #expect(try QREncoder.encode(text, ecc: ecc).version <= unicode.version)
            }
        }
    }
}

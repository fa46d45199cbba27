import Testing

@testable import BarcodeKit
import TestSupport

/// Encoder → decoder: whatever `QREncoder` writes must read back exactly.
@Suite("Decoder round trips")
struct QRSymbolDecoderRoundTripTests {
    @Test(arguments: 1...40)
    func test_everyLevelAndMaskOfVersionReadsBack(version: Int) throws {
        var generator = SeededGenerator(seed: UInt64(version))
        for ecc in QRErrorCorrection.allCases {
            let length = Int.random(in: 1...(version <= 2 ? 2 : 20), using: &generator)
            let text = String((0..<length).map { _ in "abcXYZ019 .:-é€".randomElement(using: &generator) ?? "a" })
            // The encoder's own path for one mask; the other seven masks reuse its codewords.
            let code = try QREncoder.encode(text, ecc: ecc, minimumVersion: version, mask: version % 8)
            #expect(code.version == version)
            let plan = try QREncoder.plan(bytes: Array(text.utf8), utf8ECI: text.utf8.contains { $0 >= 0x80 },
                                          allowKanji: false, ecc: ecc, minimumVersion: version)
            var placed = QRMatrixLayout(version: version)
            QRPlacement.place(plan.codewords, in: &placed)
            for mask in 0..<8 {
                var layout = placed
                QRMask.apply(mask, to: &layout.modules, isFunction: layout.isFunction, size: layout.size)
                layout.drawFormatInformation(QRFormatInformation.formatBits(ecc: ecc, mask: mask))
                var matrix = BitMatrix(size: layout.size)
                for index in layout.modules.indices where layout.modules[index] { matrix[index % layout.size, index / layout.size] = true }
                if mask == version % 8 { #expect(matrix == code.matrix) }
                let content = try QRSymbolDecoder.decode(matrix)
                #expect(content.text == text)
                #expect(content.version == version)
                #expect(content.errorCorrection == ecc)
                #expect(content.mask == mask)
                #expect(content.correctedErrors == 0)
                #expect(!content.isMirrored)
                #expect(content.symbologyIdentifier == "]Q1")
                #expect(content.hasECI == text.utf8.contains { $0 >= 0x80 })
            }
        }
    }

    @Test func test_randomPayloadsInEveryModeReadBack() throws {
        var generator = SeededGenerator(seed: 7)
        let alphabets = ["0123456789", "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:", "abcdefghij0123ABC,;!?",
                         "0123456789ABCDEFabcdef \r\n"]
        for _ in 0..<60 {
            let alphabet = Array(alphabets.randomElement(using: &generator) ?? "")
            let length = Int.random(in: 0...300, using: &generator)
            let text = String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "0" })
            let ecc = QRErrorCorrection.allCases.randomElement(using: &generator) ?? .low
            let content = try QRSymbolDecoder.decode(QREncoder.encode(text, ecc: ecc).matrix)
            #expect(content.text == text)
            #expect(content.rawBytes == Array(text.utf8))
        }
    }

    /// Text Shift JIS cannot hold exactly goes as UTF-8 after ECI 26.
    @Test func test_unicodeTextWithECIUTF8ReadsBack() throws {
        for text in ["grüezi", "Ünïcödé ½", "emoji 🎉👍", "mixed 123 ÀÉÎ 测试"] {
            let content = try QRSymbolDecoder.decode(QREncoder.encode(text).matrix)
            #expect(content.text == text)
            #expect(content.hasECI && content.symbologyIdentifier == "]Q1")
            #expect(content.rawBytes == Array(text.utf8))
        }
    }

    @Test func test_randomBinaryPayloadsKeepTheirBytes() throws {
        var generator = SeededGenerator(seed: 8)
        for _ in 0..<20 {
            let bytes = (0..<Int.random(in: 1...500, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let content = try QRSymbolDecoder.decode(QREncoder.encode(bytes: bytes, ecc: .low).matrix)
            #expect(content.rawBytes == bytes)
        }
    }

    @Test func test_shiftJISInputWithKanjiModeReadsBack() throws {
        let text = "漢字モード：点茗、ｶﾀｶﾅ and ASCII 123"
        let bytes = try #require(text.data(using: .shiftJIS).map(Array.init))
        let content = try QRSymbolDecoder.decode(QREncoder.encode(shiftJIS: bytes).matrix)
        #expect(content.text == text)
        #expect(content.rawBytes == bytes)
    }
}

@testable import BarcodeKit
import Testing

/// Code 128 symbols from BarcodeKit's encoder read back (ISO/IEC 15417), and the text rules
/// of code sets, SHIFT, FNC4 and FNC1 checked on hand-written symbol values.
@Suite("Linear reader: Code 128")
struct Code128ReaderTests {
    let reader = LinearReader()

    @Test("texts in every code set read back", arguments: [
        "Hello, World!", "0123456789012345", "ABC123456def", "a\tb\u{1}c", "Grüße à tous", "x", "\u{7F}~`",
    ])
    func test_encodedTextReadsBack(text: String) throws {
        let symbol = try Code128Encoder.encode(text)
        for painter in [SymbolPainter(module: 1.5), SymbolPainter(module: 2.2, blur: 1, noise: 10),
                        SymbolPainter(module: 3, lightAtRight: 0.4)] {
            let results = reader.decode(painter.paint(symbol.modules))
            #expect(results.map(\.text) == [text], "at \(painter.module) px")
            #expect(results.first?.format == .code128)
            #expect(results.first?.symbologyIdentifier == "]C0")
            #expect(results.first?.rawBytes == text.unicodeScalars.map { UInt8($0.value) })
        }
    }

    @Test func test_gs1ReadsWithoutLeadingFNC1AndWithGSBetweenFields() throws {
        let symbol = try Code128Encoder.encode("(01)09501101530003(10)AB12(17)260101", gs1: true)
        let result = try #require(reader.decode(SymbolPainter(module: 2).paint(symbol.modules)).first)
        #expect(result.text == "0109501101530003" + "10AB12\u{1D}" + "17260101")
        #expect(result.symbologyIdentifier == "]C1")
    }

    @Test("turned 90°, 180° and 270°", arguments: [1, 2, 3])
    func test_turnedSymbolsReadBack(quarterTurns: Int) throws {
        let symbol = try Code128Encoder.encode("BOTTEGA-128")
        let image = LinearFixtures.turn(SymbolPainter(module: 2, blur: 1).paint(symbol.modules), quarterTurns: quarterTurns)
        #expect(reader.decode(image).map(\.text) == ["BOTTEGA-128"])
    }

    @Test func test_aWrongCheckCharacterNeverReads() throws {
        let values = try Code128Encoder.symbolValues(for: "CHECK")
        for wrong in 0..<103 where wrong != values.last {
            let drawn = (values.dropLast() + [wrong, Code128Patterns.stop]).flatMap(Code128Patterns.modules(for:))
            #expect(reader.decode(SymbolPainter(module: 2).paint(drawn)).isEmpty, "check \(wrong)")
        }
    }

    @Test func test_codeSetsAndShift() {
        // Start B, "a", SHIFT, A-set 65 (= ASCII 1), "b", CODE C, 12, 34, CODE A, 33 (= "A").
        let values = [104, 65, 98, 65, 66, 99, 12, 34, 101, 33]
        #expect(Code128TextDecoder.decode(values)?.text == "a\u{1}b1234A")
    }

    @Test func test_fnc4ShiftsOneCharacterAndDoubledLatches() {
        // Start B, FNC4 "A" → 0xC1; FNC4 FNC4 latches: "B" → 0xC2, FNC4 "C" → plain "C"; FNC4 FNC4 unlatches.
        let values = [104, 100, 33, 100, 100, 34, 100, 35, 100, 100, 36]
        #expect(Code128TextDecoder.decode(values)?.text == "\u{C1}\u{C2}CD")
    }

    @Test func test_fnc1PositionsGiveTheSymbologyIdentifier() {
        #expect(Code128TextDecoder.decode([105, 102, 1, 23])?.symbologyIdentifier == "]C1")
        #expect(Code128TextDecoder.decode([105, 102, 1, 23])?.text == "0123")
        // A letter then FNC1: AIM application indicator.
        #expect(Code128TextDecoder.decode([104, 33, 102, 16, 17])?.symbologyIdentifier == "]C2")
        #expect(Code128TextDecoder.decode([104, 33, 102, 16, 17])?.text == "A01")
        // FNC1 later is a field separator.
        #expect(Code128TextDecoder.decode([104, 33, 34, 102, 35])?.text == "AB\u{1D}C")
        #expect(Code128TextDecoder.decode([104, 33, 34, 102, 35])?.symbologyIdentifier == "]C0")
    }
}

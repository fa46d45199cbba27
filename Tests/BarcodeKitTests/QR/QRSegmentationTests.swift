import Testing

@testable import BarcodeKit

@Suite("Optimal mode segmentation")
struct QRSegmentationTests {
    private func segments(_ text: String, version: Int = 1) -> [QRSegment] {
        QRSegmentation.segments(for: Array(text.utf8), version: version, allowKanji: false)
    }

    @Test func test_digitsAreOneNumericSegment() {
        #expect(segments("0123456789") == [QRSegment(mode: .numeric, range: 0..<10)])
    }

    @Test func test_helloWorldIsOneAlphanumericSegment() {
        #expect(segments("HELLO WORLD") == [QRSegment(mode: .alphanumeric, range: 0..<11)])
    }

    @Test func test_lowercaseIsOneByteSegment() {
        #expect(segments("hello, world") == [QRSegment(mode: .byte, range: 0..<12)])
    }

    @Test func test_emptyInputHasNoSegments() {
        #expect(segments("").isEmpty)
    }

    @Test func test_aLongDigitRunInsideLowercaseGetsItsOwnNumericSegment() {
        // Counted by hand for versions 1–9: byte "a" = 4 + 8 + 8 = 20 bits; numeric
        // "1234567890" = 4 + 10 + 3·10 + 4 = 48 bits; together 68, against 4 + 8 + 11·8 = 100
        // for one byte segment.
        let result = segments("a1234567890")
        #expect(result == [QRSegment(mode: .byte, range: 0..<1), QRSegment(mode: .numeric, range: 1..<11)])
        #expect(QRSegmentation.bitCount(of: result, version: 1) == 68)
    }

    @Test func test_shortDigitRunStaysInByteMode() {
        // Switching for two digits costs a 14-bit header to save 9 bits: not worth it.
        #expect(segments("ab12cd") == [QRSegment(mode: .byte, range: 0..<6)])
    }

    @Test(arguments: ["HELLO 12345678901234 world", "abc0123456789012345DEF", "Tel. +41 44 123 45 67, ask for Ms. ÄRGER", "x", "1A"])
    func test_mixedTextIsNoLongerThanAnySingleModeEncoding(text: String) {
        let bytes = Array(text.utf8)
        for version in [1, 10, 27] {
            let optimal = QRSegmentation.bitCount(of: segments(text, version: version), version: version)
            let single = [QRMode.numeric, .alphanumeric, .byte].filter { mode in
                bytes.allSatisfy { byte in
                    switch mode {
                    case .numeric: QRCharacterSet.isNumeric(byte)
                    case .alphanumeric: QRCharacterSet.isAlphanumeric(byte)
                    default: true
                    }
                }
            }
            for mode in single {
                let bits = QRSegment(mode: mode, range: 0..<bytes.count).bitCount(version: version)
                #expect(optimal <= bits, "\(text) v\(version): \(optimal) > \(mode) \(bits)")
            }
        }
    }

    @Test func test_segmentationIsOptimalAgainstExhaustiveSearchOnShortStrings() {
        // Brute force over every assignment of numeric/alphanumeric/byte to each character.
        let alphabet = Array("09AZ az".utf8)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let length = Int.random(in: 1...8, using: &generator)
            let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0x30 }
            var best = Int.max
            var assignment = [Int](repeating: 0, count: length)
            func search(_ index: Int) {
                if index == length {
                    var segments: [QRSegment] = []
                    for (i, m) in assignment.enumerated() {
                        if let last = segments.last, last.mode.rawValue == m {
                            segments[segments.count - 1].range = last.range.lowerBound..<(i + 1)
                        } else {
                            segments.append(QRSegment(mode: QRMode.allCases[m], range: i..<(i + 1)))
                        }
                    }
                    best = min(best, QRSegmentation.bitCount(of: segments, version: 1))
                    return
                }
                for m in 0..<3 {
                    if m == 0 && !QRCharacterSet.isNumeric(bytes[index]) { continue }
                    if m == 1 && !QRCharacterSet.isAlphanumeric(bytes[index]) { continue }
                    assignment[index] = m
                    search(index + 1)
                }
            }
            search(0)
            let found = QRSegmentation.segments(for: bytes, version: 1, allowKanji: false)
            #expect(QRSegmentation.bitCount(of: found, version: 1) == best, "\(String(decoding: bytes, as: UTF8.self))")
        }
    }

    @Test func test_shiftJISKanjiUseKanjiMode() {
        // 点 = 0x935F and 茗 = 0xE4AA in Shift JIS (the standard's kanji examples, §7.4.6).
        let bytes: [UInt8] = [0x93, 0x5F, 0xE4, 0xAA]
        #expect(
            QRSegmentation.segments(for: bytes, version: 1, allowKanji: true) == [QRSegment(mode: .kanji, range: 0..<4)])
        #expect(QRCharacterSet.kanjiValue(0x93, 0x5F) == 0xD9F)
        #expect(QRCharacterSet.kanjiValue(0xE4, 0xAA) == 0x1AAA)
    }
}

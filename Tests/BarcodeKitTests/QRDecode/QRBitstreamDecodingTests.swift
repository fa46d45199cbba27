import Foundation
import Testing

@testable import BarcodeKit

/// Hand-written bit streams (ISO/IEC 18004:2015 §7.4) placed in real symbols and decoded.
@Suite("Bit stream decoding")
struct QRBitstreamDecodingTests {
    private typealias Support = QRDecodeTestSupport

    private func decode(_ bits: String, version: Int = 2, ecc: QRErrorCorrection = .low) throws -> QRSymbolContent {
        let data = Support.dataCodewords(bits: bits, version: version, ecc: ecc)
        return try QRSymbolDecoder.decode(Support.symbol(data: data, version: version, ecc: ecc, mask: 3))
    }

    private func bin(_ value: Int, _ count: Int) -> String { Support.binary(value, count) }

    @Test func test_annexIExampleReadsAs01234567() throws {
        // ISO/IEC 18004:2015 Annex I: the data codewords of "01234567" in version 1-M.
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        let content = try QRSymbolDecoder.decode(Support.symbol(data: data, version: 1, ecc: .medium, mask: 2))
        #expect(content.text == "01234567")
        #expect(content.rawBytes == Array("01234567".utf8))
        #expect(content.symbologyIdentifier == "]Q1")
        #expect(content.version == 1 && content.errorCorrection == .medium && content.mask == 2)
    }

    @Test func test_annexIErrorCorrectionCodewordsRepairTheData() {
        // The whole Annex I block with four codewords damaged comes back as the standard's.
        let block: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11,
                              0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55]
        var damaged = block
        damaged[0] = 0; damaged[5] ^= 0x5A; damaged[17] = 0xFF; damaged[25] ^= 1
        #expect(ReedSolomonDecoder.correct(&damaged, degree: 10, maxErrors: 5) == 4)
        #expect(damaged == block)
    }

    @Test func test_alphanumericAndByteSegmentsConcatenate() throws {
        // "AC-42" alphanumeric (AC = 10·45+12 = 462, "-4" = 41·45+4 = 1849, "2" = 2), then "!" as a byte.
        let content = try decode("0010" + bin(5, 9) + bin(462, 11) + bin(1849, 11) + bin(2, 6) + "0100" + bin(1, 8) + bin(0x21, 8))
        #expect(content.text == "AC-42!")
    }

    @Test func test_numericGroupsOfOneAndTwoDigits() throws {
        #expect(try decode("0001" + bin(4, 10) + bin(123, 10) + bin(7, 4)).text == "1237")
        #expect(try decode("0001" + bin(5, 10) + bin(5, 10) + bin(9, 7)).text == "00509")
    }

    @Test func test_kanjiModeGivesShiftJISCharacters() throws {
        // §7.4.6 examples: 点 = 0x935F → 0x0D9F, 茗 = 0xE4AA → 0x1AAA.
        let content = try decode("1000" + bin(2, 8) + bin(0x0D9F, 13) + bin(0x1AAA, 13))
        #expect(content.text == "点茗")
        #expect(content.rawBytes == [0x93, 0x5F, 0xE4, 0xAA])
    }

    @Test func test_eciDesignatorsOfOneTwoAndThreeBytes() throws {
        // ECI 26 (UTF-8) in one byte, ECI 9 (ISO 8859-7) as 10 000000 00001001, and ECI 26 in
        // three bytes, 110 00000 00000000 00011010.
        let utf8 = try decode("0111" + bin(26, 8) + "0100" + bin(2, 8) + bin(0xC3, 8) + bin(0xA9, 8))
        #expect(utf8.text == "é" && utf8.symbologyIdentifier == "]Q1" && utf8.hasECI)
        let greek = try decode("0111" + "10" + bin(9, 14) + "0100" + bin(1, 8) + bin(0xE1, 8))
        #expect(greek.text == "α")
        let long = try decode("0111" + "110" + bin(26, 21) + "0100" + bin(2, 8) + bin(0xC3, 8) + bin(0xA9, 8))
        #expect(long.text == "é")
    }

    @Test(arguments: [
        (3, [0xE9] as [UInt8], "é"), (4, [0xB1], "ą"), (7, [0xD0], "а"), (20, [0x82, 0xA0], "あ"),
        (21, [0x9C], "ś"), (22, [0xC0], "А"), (23, [0x80], "€"), (25, [0x00, 0xE9], "é"), (27, [0x41], "A"),
        (28, [0xA4, 0x40], "一"), (29, [0xB0, 0xA1], "啊"), (30, [0xB0, 0xA1], "가"), (17, [0xA4], "€"),
        (899, [0xFF], "ÿ"),
    ])
    func test_eciCharacterSets(eci: Int, bytes: [UInt8], text: String) throws {
        let designator = eci < 128 ? bin(eci, 8) : "10" + bin(eci, 14)
        let content = try decode("0111" + designator + "0100" + bin(bytes.count, 8) + bytes.map { bin(Int($0), 8) }.joined())
        #expect(content.text == text)
        #expect(content.rawBytes == bytes)
    }

    @Test func test_unknownECIIsRefused() throws {
        #expect(throws: QRDecodeError.unsupportedECI(1000)) {
            try decode("0111" + "10" + bin(1000, 14) + "0100" + bin(1, 8) + bin(0x41, 8))
        }
    }

    @Test func test_gs1WithFNC1InFirstPosition() throws {
        // "01…%10ABC" in alphanumeric mode under FNC1: "%" is the GS separator (§7.4.8.2).
        let characters = Array("0109501101020917%10ABC%%".utf8).map { Int(QRCharacterSet.alphanumericValues[Int($0)]) }
        var bits = "0101" + "0010" + bin(characters.count, 9)
        for pair in stride(from: 0, to: characters.count, by: 2) { bits += bin(characters[pair] * 45 + characters[pair + 1], 11) }
        let content = try decode(bits)
        #expect(content.text == "0109501101020917\u{1D}10ABC%")
        #expect(content.symbologyIdentifier == "]Q3")
    }

    @Test func test_fnc1InSecondPositionSendsTheApplicationIndicatorFirst() throws {
        let digits = try decode("1001" + bin(37, 8) + "0001" + bin(3, 10) + bin(123, 10))
        #expect(digits.text == "37123" && digits.symbologyIdentifier == "]Q5" && !digits.hasECI)
        let letter = try decode("0111" + bin(26, 8) + "1001" + bin(Int(UInt8(ascii: "a")) + 100, 8) + "0001" + bin(1, 10) + bin(5, 4))
        #expect(letter.text == "a5" && letter.symbologyIdentifier == "]Q5" && letter.hasECI)
    }

    @Test func test_structuredAppendHeader() throws {
        let content = try decode("0011" + bin(2, 4) + bin(3, 4) + bin(0x5F, 8) + "0100" + bin(2, 8) + bin(0x68, 8) + bin(0x69, 8))
        #expect(content.structuredAppend == DecodedBarcode.StructuredAppend(index: 2, count: 4, parity: 0x5F))
        #expect(content.text == "hi")
    }

    @Test func test_malformedStreamsAreRefusedWithTheBit() throws {
        #expect(throws: QRDecodeError.invalidBitstream(bit: 0, reason: "unknown mode indicator")) { try decode("0110") }
        #expect(throws: QRDecodeError.invalidBitstream(bit: 14, reason: "numeric group 1000 has more than 3 digits")) {
            try decode("0001" + bin(3, 10) + bin(1000, 10))
        }
        #expect(throws: QRDecodeError.self) { try decode("0100" + bin(200, 8) + bin(0x41, 8), version: 1) }
    }

    @Test func test_aStreamThatFillsTheSymbolNeedsNoTerminator() throws {
        // 1-H holds 9 codewords = 72 bits; 17 digits take 4 + 10 + 5·10 + 7 = 71, leaving one
        // bit, too few for a terminator (§7.4.9 lets it be cut short).
        let bits = "0001" + bin(17, 10) + [123, 456, 789, 12, 345].map { bin($0, 10) }.joined() + bin(67, 7)
        #expect(try decode(bits, version: 1, ecc: .high).text == "12345678901234567")
    }

    @Test func test_hanziModeGivesGB2312Characters() throws {
        // 啊 = GB 2312 0xB0A1 → 0xB0A1 − 0xA6A1 = 0x0A00 → 0x0A · 0x60 + 0x00 = 960.
        #expect(try decode("1101" + "0001" + bin(1, 8) + bin(960, 13)).text == "啊")
    }
}

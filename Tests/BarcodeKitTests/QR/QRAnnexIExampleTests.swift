import Testing

@testable import BarcodeKit

/// ISO/IEC 18004:2015 Annex I: "01234567" as version 1-M.
@Suite("Annex I worked example")
struct QRAnnexIExampleTests {
    @Test func test_01234567InVersion1MGivesTheStandardsCodewords() throws {
        let plan = try QREncoder.plan(
            bytes: Array("01234567".utf8), utf8ECI: false, allowKanji: false, ecc: .medium, minimumVersion: 1)
        #expect(plan.version == 1)
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        let errorCorrection: [UInt8] = [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55]
        #expect(plan.codewords == data + errorCorrection)
    }

    @Test func test_01234567IsOneNumericSegment() throws {
        let plan = try QREncoder.plan(
            bytes: Array("01234567".utf8), utf8ECI: false, allowKanji: false, ecc: .medium, minimumVersion: 1)
        #expect(plan.segments == [QRSegment(mode: .numeric, range: 0..<8)])
    }
}

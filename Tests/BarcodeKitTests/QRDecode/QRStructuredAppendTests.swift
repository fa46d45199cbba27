import Foundation
import Testing
import TestSupport

@testable import BarcodeKit

@Suite("Structured append")
struct QRStructuredAppendTests {
    private typealias Support = QRDecodeTestSupport

    /// Symbol `index` of `count` holding `bytes` in one byte segment after the header (§8),
    /// optionally after an ECI designator.
    private func part(_ bytes: [UInt8], index: Int, count: Int, parity: UInt8, eci: Int? = nil,
                      version: Int = 5) throws -> QRSymbolContent {
        let b = Support.binary
        var bits = "0011" + b(index, 4) + b(count - 1, 4) + b(Int(parity), 8)
        if let eci { bits += "0111" + b(eci, 8) }
        bits += "0100" + b(bytes.count, version < 10 ? 8 : 16) + bytes.map { b(Int($0), 8) }.joined()
        let data = Support.dataCodewords(bits: bits, version: version, ecc: .low)
        return try QRSymbolDecoder.decode(Support.symbol(data: data, version: version, ecc: .low, mask: 4))
    }

    private func parity(_ bytes: [UInt8]) -> UInt8 { bytes.reduce(0, ^) }

    /// qrcode-7/01.txt split the way the four symbols of qrcode-7/01-0n.png are (four byte
    /// runs, parity 95 = 0x5F, the XOR of the message's bytes).
    @Test(.enabled(if: QRDecodeTestSupport.fixturesExist, Comment(rawValue: SharedFixtures.skipMessage("barcodes"))))
    func test_fourPartsOfTheQrcode7MessageJoinToItsText() throws {
        let data = try Data(contentsOf: Support.fixtures.appendingPathComponent("qrcode-7/01.txt"))
        let bytes = Array(data)
        #expect(parity(bytes) == 95)
        let quarter = (bytes.count + 3) / 4
        let parts = try (0..<4).map { i in
            try part(Array(bytes[(i * quarter)..<min(bytes.count, (i + 1) * quarter)]), index: i, count: 4,
                     parity: 95, version: 16)
        }
        #expect(QRSymbolDecoder.joinStructuredAppend(parts.reversed()) == String(decoding: data, as: UTF8.self))
        #expect(QRSymbolDecoder.joinStructuredAppend(Array(parts.dropLast())) == nil)
        let barcodes = parts.map { $0.decodedBarcode(position: []) }
        #expect(QRSymbolDecoder.joinStructuredAppend(barcodes.shuffled()) == String(decoding: data, as: UTF8.self))
    }

    @Test func test_aCharacterSplitBetweenSymbolsIsKeptWhole() throws {
        let bytes = Array("naïve".utf8)  // ï = C3 AF, split after C3
        let first = try part(Array(bytes[..<3]), index: 0, count: 2, parity: parity(bytes))
        let second = try part(Array(bytes[3...]), index: 1, count: 2, parity: parity(bytes))
        #expect(QRSymbolDecoder.joinStructuredAppend([second, first]) == "naïve")
    }

    @Test func test_anECIStaysInForceIntoTheNextSymbol() throws {
        // ISO 8859-7 (ECI 9) declared in the first symbol only: E1 is α in both halves.
        let first = try part([0xE1], index: 0, count: 2, parity: 0, eci: 9)
        let second = try part([0xE1], index: 1, count: 2, parity: 0)
        #expect(QRSymbolDecoder.joinStructuredAppend([first, second]) == "αα")
    }

    @Test func test_otherSequencesAndRepeatedReadsAreIgnored() throws {
        let a0 = try part(Array("AB".utf8), index: 0, count: 2, parity: 1)
        let other = try part(Array("XY".utf8), index: 1, count: 2, parity: 2)
        let a1 = try part(Array("CD".utf8), index: 1, count: 2, parity: 1)
        #expect(QRSymbolDecoder.joinStructuredAppend([a0, other, a0, a1]) == "ABCD")
        #expect(QRSymbolDecoder.joinStructuredAppend([a0, other]) == nil)
        #expect(a1.structuredAppend == DecodedBarcode.StructuredAppend(index: 1, count: 2, parity: 1))
    }

    @Test func test_symbolsWithoutAHeaderJoinNothing() throws {
        let plain = try QRSymbolDecoder.decode(QREncoder.encode("plain").matrix)
        #expect(QRSymbolDecoder.joinStructuredAppend([plain]) == nil)
    }
}

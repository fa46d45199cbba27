import Testing

@testable import BarcodeKit

@Suite("Random payloads")
struct QRPropertyTests {
    @Test func test_randomPayloadsUpToCapacityEncodeInTheSmallestFittingVersion() throws {
        var generator = SystemRandomNumberGenerator()
        let byteCapacity: [QRErrorCorrection: Int] = [.low: 2953, .medium: 2331, .quartile: 1663, .high: 1273]
        for _ in 0..<24 {
            let ecc = QRErrorCorrection.allCases.randomElement(using: &generator) ?? .low
            let limit = byteCapacity[ecc] ?? 0
            // Favour short payloads (where most versions are), but reach the limit too.
            let length = Bool.random(using: &generator)
                ? Int.random(in: 0...200, using: &generator) : Int.random(in: 0...limit, using: &generator)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let code = try QREncoder.encode(bytes: bytes, ecc: ecc)
            #expect(code.matrix.size == 17 + 4 * code.version)
            // Random bytes are byte mode almost everywhere, so the stream is at least
            // 8 bits per byte; the version before must not have held the data.
            if code.version > 1 {
                let previous = QRCapacity.dataCodewords(version: code.version - 1, ecc: ecc) * 8
                let needed = QRSegmentation.bitCount(
                    of: QRSegmentation.segments(for: bytes, version: code.version - 1, allowKanji: false),
                    version: code.version - 1)
                #expect(needed > previous, "\(length) bytes at \(ecc.letter) went to v\(code.version)")
            }
        }
    }

    @Test func test_textWithNonASCIIStartsWithECI26() throws {
        let plan = try QREncoder.plan(
            bytes: Array("grüezi".utf8), utf8ECI: true, allowKanji: false, ecc: .low, minimumVersion: 1)
        // ECI 0111, designator 00011010, then byte mode 0100: 0111 0001 | 1010 0100 …
        #expect(plan.codewords[0] == 0x71 && plan.codewords[1] >> 4 == 0xA && plan.codewords[1] & 0xF == 0x4)
    }

    @Test func test_badArgumentsAreRefused() {
        #expect(throws: BarcodeError.self) { try QREncoder.encode("x", minimumVersion: 41) }
        #expect(throws: BarcodeError.self) { try QREncoder.encode("x", mask: 8) }
    }
}

import BarcodeKit
import Testing
import TestSupport

/// Round trips over many random numbers from a fixed seed, so a failure reproduces.
@Suite("EAN/UPC round-trip properties")
struct EANUPCPropertyTests {
    @Test("compute then check", arguments: [BarcodeFormat.ean13, .ean8, .upcA])
    func test_computedCodesPassTheCheckAndSingleDigitErrorsAreCaught(format: BarcodeFormat) throws {
        var generator = SeededGenerator(seed: 0xBA5C0DE)
        let bodyLength = ["EAN_13": 12, "EAN_8": 7, "UPC_A": 11][format.rawValue] ?? 0
        for _ in 0..<500 {
            let body = randomEANDigits(bodyLength, using: &generator)
            let code = try EANUPC.compute(body, as: format)
            #expect(code.hasPrefix(body))
            #expect(try EANUPC.check(code, as: format).digits == code)

            // Changing any single digit must be detected (the 3/1 weights are prime to 10).
            let position = Int.random(in: 0..<code.count, using: &generator)
            var characters = Array(code)
            let old = characters[position].asciiValue.map { Int($0) - 48 } ?? 0
            characters[position] = Character(String((old + Int.random(in: 1...9, using: &generator)) % 10))
            #expect(throws: BarcodeError.self) { try EANUPC.check(String(characters), as: format) }
        }
    }

    @Test func test_upcEComputeCheckAndExpansionAgree() throws {
        var generator = SeededGenerator(seed: 0x0E0E)
        for _ in 0..<500 {
            let body = String(Int.random(in: 0...1, using: &generator)) + randomEANDigits(6, using: &generator)
            let upcE = try EANUPC.compute(body, as: .upcE)
            let upcA = try UPCE.expand(upcE)
            #expect(GS1CheckDigit.isValid(upcA))
            #expect(upcA.last == upcE.last)
            // Compression gives the canonical UPC-E of the same UPC-A.
            let canonical = try #require(UPCE.compress(upcA))
            #expect(try UPCE.expand(canonical) == upcA)
        }
    }

    @Test func test_compressibleUPCAExpandsBackToItself() throws {
        var generator = SeededGenerator(seed: 0xC0FFEE)
        var compressed = 0
        for _ in 0..<2000 {
            // Numbers with many zeros, so that a good share is compressible.
            let pieces = (0..<11).map { _ in Int.random(in: 0...2, using: &generator) == 0 ? "0" : randomEANDigits(1, using: &generator) }
            let body = String(Int.random(in: 0...1, using: &generator)) + pieces.dropFirst().joined()
            let upcA = try EANUPC.compute(body, as: .upcA)
            if let upcE = UPCE.compress(upcA) {
                compressed += 1
                #expect(try UPCE.expand(upcE) == upcA)
            }
        }
        #expect(compressed > 0)
    }
}

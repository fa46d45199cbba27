import Testing

@testable import BarcodeKit
import TestSupport

/// Random texts, from a fixed seed: the optimal plan must read back as the input and never be
/// longer than the greedy encoding of `greedyCode128Values`.
@Suite struct Code128PropertyTests {
    /// Mixes digit runs, capitals, lower case, control characters and Latin-1 so that every kind
    /// of switch occurs.
    private static func randomText(using generator: inout SeededGenerator, latin1: Bool) -> [UInt8] {
        let length = Int.random(in: 1...24, using: &generator)
        var bytes: [UInt8] = []
        while bytes.count < length {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0..<4: bytes += (0..<Int.random(in: 1...7, using: &generator)).map { _ in UInt8.random(in: 0x30...0x39, using: &generator) }
            case 4, 5: bytes.append(UInt8.random(in: 0x41...0x5A, using: &generator))
            case 6, 7: bytes.append(UInt8.random(in: 0x61...0x7F, using: &generator))
            case 8: bytes.append(UInt8.random(in: 0x00...0x1F, using: &generator))
            default: bytes.append(latin1 ? UInt8.random(in: 0x80...0xFF, using: &generator) : UInt8.random(in: 0x20...0x7F, using: &generator))
            }
        }
        return Array(bytes.prefix(length))
    }

    private static func string(_ bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    @Test(arguments: [false, true])
    func optimalPlanReadsBackAndIsNeverLongerThanGreedy(latin1: Bool) throws {
        var generator = SeededGenerator(seed: latin1 ? 0xC0DE_128A : 0xC0DE_128B)
        for _ in 0..<1000 {
            let bytes = Self.randomText(using: &generator, latin1: latin1)
            let values = try Code128Encoder.symbolValues(for: Self.string(bytes))
            let greedy = greedyCode128Values(bytes)
            let description = bytes.map { String($0, radix: 16) }.joined(separator: " ")

            #expect(interpretCode128Values(values) == bytes, "read back: \(description)")
            // A placeholder check character: the interpreter reads up to the last value.
            #expect(interpretCode128Values(greedy + [0]) == bytes, "greedy itself must be valid: \(description)")
            #expect(values.count - 1 <= greedy.count, "longer than greedy: \(description)")
            #expect(values.last == Code128Encoder.checkValue(for: Array(values.dropLast())))
            #expect(values.allSatisfy { (0...105).contains($0) })
        }
    }

    @Test func moduleCountIsElevenPerSymbolCharacterPlusThirteen() throws {
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<200 {
            let text = Self.string(Self.randomText(using: &generator, latin1: true))
            let values = try Code128Encoder.symbolValues(for: text)
            #expect(try Code128Encoder.encode(text).modules.count == 11 * values.count + 13)
        }
    }
}

import Testing

@testable import BarcodeKit

/// Exhaustive check of optimality on a small alphabet: every value sequence of up to five data
/// values is read with the independent interpreter, giving the shortest sequence for each text
/// it produces. For texts over "1", "a", TAB and "é" those values are every one that could
/// help, so the planner must match exactly; for other texts it must be no longer.
@Suite struct Code128OptimalityTests {
    @Test func plannerMatchesExhaustiveSearchOnShortSequences() throws {
        // "1" (A and B), "a" and "i" (B, "i" for FNC4 "é"), TAB (A, same value as "i"), the pair
        // 11, SHIFT, CODE C, CODE B or FNC4, CODE A or FNC4.
        let data = [17, 65, 73, 11, 98, 99, 100, 101]
        var shortest: [[UInt8]: Int] = [:]
        var witness: [[UInt8]: [Int]] = [:]
        var sequences: [[Int]] = [[103], [104], [105]]
        for length in 1...5 {
            sequences = sequences.flatMap { prefix in data.map { prefix + [$0] } }
            // A sequence the interpreter refuses cannot be extended into a valid one.
            sequences = sequences.filter { sequence in
                guard let bytes = interpretCode128Values(sequence + [0]) else { return false }
                if !bytes.isEmpty, shortest[bytes] == nil {
                    shortest[bytes] = length
                    witness[bytes] = sequence
                }
                return true
            }
        }
        let alphabet = Set("1a\t".utf8 + [0xE9])
        #expect(shortest.keys.filter { $0.allSatisfy(alphabet.contains) }.count > 200)
        var mismatches: [String] = []
        for (bytes, length) in shortest {
            let text = String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
            let planned = try Code128Encoder.symbolValues(for: text).count - 2  // without start and check
            let optimal = bytes.allSatisfy(alphabet.contains) ? planned == length : planned <= length
            if !optimal {
                mismatches.append("\(bytes): \(planned) symbols, but \(witness[bytes] ?? []) has \(length)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }
}

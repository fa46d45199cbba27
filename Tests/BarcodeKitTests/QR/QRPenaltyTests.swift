import Testing

@testable import BarcodeKit

@Suite("Mask penalty (§7.8.3)")
struct QRPenaltyTests {
    private func line(_ pattern: String) -> [Bool] { pattern.map { $0 == "1" } }

    @Test func test_runOfSevenScoresThreePlusTwo() {
        #expect(QRPenalty.lineScore(line("0111111100")) == 5)
    }

    @Test func test_finderLikePatternWithFourLightModulesScoresForty() {
        #expect(QRPenalty.lineScore(line("10111010000")) == 40)
        #expect(QRPenalty.lineScore(line("00001011101")) == 40)
        // At the symbol's edge the quiet zone supplies the light modules.
        #expect(QRPenalty.lineScore(line("1011101")) == 40)
        // Dark on both sides: no N3.
        #expect(QRPenalty.lineScore(line("1110111010111")) == 0)
    }

    @Test func test_allLightFourByFour() {
        // N1: runs of 4 score nothing. N2: 9 blocks × 3 = 27. N4: 0 % dark is 10 steps of 5 %
        // from 50 % → 100. Total 127.
        #expect(QRPenalty.score([Bool](repeating: false, count: 16), size: 4) == 127)
    }

    @Test func test_allDarkSixBySix() {
        // N1: 12 lines with a run of 6 → 12 × 4 = 48. N2: 25 × 3 = 75. N4: 100. Total 223.
        #expect(QRPenalty.score([Bool](repeating: true, count: 36), size: 6) == 223)
    }

    @Test func test_checkerboardScoresNothing() {
        let modules = (0..<64).map { ($0 % 8 + $0 / 8) % 2 == 0 }
        #expect(QRPenalty.score(modules, size: 8) == 0)
    }

    @Test func test_handMadeFiveByFive() {
        // Row 0 all dark, the rest light (5 dark of 25 = 20 %).
        // N1: row 0 run 5 → 3; rows 1–4 runs of 5 light → 4 × 3 = 12; columns: runs of 1 and 4 → 0.
        // N2: rows 1–4 have 3 × 4 = 12 light blocks → 36; row 0/1 blocks are mixed.
        // N4: |20 % − 50 %| = 30 % → 6 steps → 60. Total 3 + 12 + 36 + 60 = 111.
        let modules = (0..<25).map { $0 < 5 }
        #expect(QRPenalty.score(modules, size: 5) == 111)
    }

    @Test func test_encoderChoosesTheMaskWithTheLowestPenalty() throws {
        let chosen = try QREncoder.encode("https://example.org/bottega?q=QR", ecc: .quartile)
        let scores = try (0..<8).map { mask in
            QRPenalty.score(try QREncoder.encode("https://example.org/bottega?q=QR", ecc: .quartile, mask: mask).matrix.modules, size: chosen.matrix.size)
        }
        #expect(scores[chosen.mask] == scores.min())
    }
}

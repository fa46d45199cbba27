import Testing

@testable import BarcodeKit

@Suite("Reed–Solomon over GF(256)")
struct ReedSolomonTests {
    /// Exponents of α of each coefficient, highest power first (leading α⁰).
    private func exponents(degree: Int) -> [Int] {
        ReedSolomon.generator(degree: degree).map { GaloisField256.log[Int($0)] }
    }

    @Test func test_generatorOfDegree7MatchesAnnexA() {
        // ISO/IEC 18004:2015 Annex A: x⁷ + α⁸⁷x⁶ + α²²⁹x⁵ + α¹⁴⁶x⁴ + α¹⁴⁹x³ + α²³⁸x² + α¹⁰²x + α²¹
        #expect(exponents(degree: 7) == [0, 87, 229, 146, 149, 238, 102, 21])
    }

    @Test func test_generatorOfDegree10MatchesAnnexA() {
        // x¹⁰ + α²⁵¹x⁹ + α⁶⁷x⁸ + α⁴⁶x⁷ + α⁶¹x⁶ + α¹¹⁸x⁵ + α⁷⁰x⁴ + α⁶⁴x³ + α⁹⁴x² + α³²x + α⁴⁵
        #expect(exponents(degree: 10) == [0, 251, 67, 46, 61, 118, 70, 64, 94, 32, 45])
    }

    @Test func test_annexIExampleGivesTheStandardsErrorCorrectionCodewords() {
        let data: [UInt8] = [0x10, 0x20, 0x0C, 0x56, 0x61, 0x80, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11, 0xEC, 0x11]
        #expect(
            ReedSolomon.errorCorrection(for: data, degree: 10)
                == [0xA5, 0x24, 0xD4, 0xC1, 0xED, 0x36, 0xC7, 0x87, 0x2C, 0x55])
    }

    @Test func test_codewordWithItsErrorCorrectionIsDivisibleByTheGenerator() {
        // Every root αⁱ (i < degree) of g(x) must be a root of the whole codeword.
        var generator = SystemRandomNumberGenerator()
        for degree in [7, 13, 22, 30] {
            let data = (0..<40).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let codeword = data + ReedSolomon.errorCorrection(for: data, degree: degree)
            for i in 0..<degree {
                let root = GaloisField256.power(i)
                var value: UInt8 = 0
                for coefficient in codeword { value = GaloisField256.multiply(value, root) ^ coefficient }
                #expect(value == 0, "α^\(i) is not a root for degree \(degree)")
            }
        }
    }
}

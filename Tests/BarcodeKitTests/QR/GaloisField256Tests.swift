import Testing

@testable import BarcodeKit

@Suite("GF(256) with primitive polynomial 0x11D")
struct GaloisField256Tests {
    @Test func test_expTableStartsWithPowersOfTwoAndWrapsThroughThePrimitivePolynomial() {
        // α⁰…α⁷ are 1, 2, …, 128; α⁸ = x⁴+x³+x²+1 = 0x1D; α⁹ = 0x3A; α²⁵⁵ = α⁰ = 1.
        #expect(Array(GaloisField256.exp[0..<10]) == [1, 2, 4, 8, 16, 32, 64, 128, 0x1D, 0x3A])
        #expect(GaloisField256.power(255) == 1)
        #expect(GaloisField256.exp[254] == 0x8E)  // α²⁵⁴ = α⁻¹, and 2 · 0x8E = 0x11C ^ 0x11D = 1
    }

    @Test func test_expAndLogAreInverseOnEveryNonZeroElement() {
        var seen = Set<UInt8>()
        for i in 0..<255 {
            let value = GaloisField256.exp[i]
            seen.insert(value)
            #expect(GaloisField256.log[Int(value)] == i)
        }
        #expect(seen.count == 255 && !seen.contains(0))  // α is primitive
    }

    @Test func test_everyNonZeroElementTimesItsInverseIsOne() {
        for a in 1...255 {
            #expect(GaloisField256.multiply(UInt8(a), GaloisField256.inverse(UInt8(a))) == 1)
        }
    }

    @Test func test_multiplicationMatchesCarrylessMultiplicationModulo0x11D() {
        // Schoolbook multiplication over GF(2)[x] reduced by 0x11D, independent of the tables.
        func slowMultiply(_ a: Int, _ b: Int) -> Int {
            var product = 0
            for bit in 0..<8 where b >> bit & 1 == 1 { product ^= a << bit }
            for bit in stride(from: 15, through: 8, by: -1) where product >> bit & 1 == 1 {
                product ^= 0x11D << (bit - 8)
            }
            return product
        }
        for a in stride(from: 0, to: 256, by: 7) {
            for b in stride(from: 0, to: 256, by: 5) {
                #expect(Int(GaloisField256.multiply(UInt8(a), UInt8(b))) == slowMultiply(a, b))
            }
        }
        #expect(GaloisField256.divide(GaloisField256.multiply(0x53, 0xCA), 0xCA) == 0x53)
    }
}

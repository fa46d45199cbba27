import BarcodeKit
import Testing

/// Every entry of the number-set and parity tables against GS1 General Specifications §5.2
/// (number sets A/B/C and the EAN-13 leading-digit table), typed here from the specification.
@Suite("EAN/UPC number sets and parity tables")
struct EANDigitSetTests {
    static let setL = ["0001101", "0011001", "0010011", "0111101", "0100011", "0110001", "0101111", "0111011", "0110111", "0001011"]
    static let setG = ["0100111", "0110011", "0011011", "0100001", "0011101", "0111001", "0000101", "0010001", "0001001", "0010111"]
    static let setR = ["1110010", "1100110", "1101100", "1000010", "1011100", "1001110", "1010000", "1000100", "1001000", "1110100"]

    @Test("set L (number set A)", arguments: 0...9)
    func test_setLMatchesTheGS1Table(digit: Int) {
        #expect(eanModuleString(EANDigitSet.l.modules(for: digit)) == Self.setL[digit])
    }

    @Test("set G (number set B)", arguments: 0...9)
    func test_setGMatchesTheGS1Table(digit: Int) {
        #expect(eanModuleString(EANDigitSet.g.modules(for: digit)) == Self.setG[digit])
    }

    @Test("set R (number set C)", arguments: 0...9)
    func test_setRMatchesTheGS1Table(digit: Int) {
        #expect(eanModuleString(EANDigitSet.r.modules(for: digit)) == Self.setR[digit])
    }

    @Test func test_setLHasOddAndSetsGAndRHaveEvenParity() {
        for digit in 0...9 {
            #expect(!EANDigitSet.l.modules(for: digit).filter { $0 }.count.isMultiple(of: 2))
            #expect(EANDigitSet.g.modules(for: digit).filter { $0 }.count.isMultiple(of: 2))
            #expect(EANDigitSet.r.modules(for: digit).filter { $0 }.count.isMultiple(of: 2))
        }
    }

    static let leadingDigitTable = ["LLLLLL", "LLGLGG", "LLGGLG", "LLGGGL", "LGLLGG", "LGGLLG", "LGGGLL", "LGLGLG", "LGLGGL", "LGGLGL"]

    @Test("EAN-13 leading-digit parity", arguments: 0...9)
    func test_leadingDigitParityMatchesTheGS1Table(leading: Int) {
        let row = String(EANParityPatterns.ean13(leadingDigit: leading).map { $0 == .l ? "L" : "G" })
        #expect(row == Self.leadingDigitTable[leading])
    }

    // UPC-E, number system 0, by check digit (E = even = G, O = odd = L), from the UPC-E table.
    static let upcENumberSystem0 = ["GGGLLL", "GGLGLL", "GGLLGL", "GGLLLG", "GLGGLL", "GLLGGL", "GLLLGG", "GLGLGL", "GLGLLG", "GLLGLG"]

    @Test("UPC-E parity", arguments: 0...9)
    func test_upcEParityMatchesTheTableForBothNumberSystems(check: Int) {
        let system0 = String(EANParityPatterns.upcE(numberSystem: 0, checkDigit: check).map { $0 == .l ? "L" : "G" })
        let system1 = String(EANParityPatterns.upcE(numberSystem: 1, checkDigit: check).map { $0 == .l ? "L" : "G" })
        #expect(system0 == Self.upcENumberSystem0[check])
        #expect(system1 == String(Self.upcENumberSystem0[check].map { $0 == "L" ? "G" : "L" }))
    }

    static let addOn5Table = ["GGLLL", "GLGLL", "GLLGL", "GLLLG", "LGGLL", "LLGGL", "LLLGG", "LGLGL", "LGLLG", "LLGLG"]

    @Test("EAN-5 parity", arguments: 0...9)
    func test_fiveDigitAddOnParityMatchesTheTable(checksum: Int) {
        let row = String(EANParityPatterns.addOn5(checksum: checksum).map { $0 == .l ? "L" : "G" })
        #expect(row == Self.addOn5Table[checksum])
    }

    @Test func test_twoDigitAddOnParityFollowsTheValueModFour() {
        let rows = [0, 1, 2, 3, 4, 99].map { String(EANParityPatterns.addOn2(value: $0).map { $0 == .l ? "L" : "G" }) }
        #expect(rows == ["LL", "LG", "GL", "GG", "LL", "GG"])
    }
}

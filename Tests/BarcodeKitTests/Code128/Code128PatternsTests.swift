import Testing

@testable import BarcodeKit

/// The width table against rows typed from ISO/IEC 15417:2007 Table 1, and the structural rules
/// of §4.3.1 and §4.4.2 that every row must obey.
@Suite struct Code128PatternsTests {
    @Test func firstRowsAndStartCharactersMatchTable1() {
        #expect(Code128Patterns.widths[0] == [2, 1, 2, 2, 2, 2])
        #expect(Code128Patterns.widths[1] == [2, 2, 2, 1, 2, 2])
        #expect(Code128Patterns.widths[2] == [2, 2, 2, 2, 2, 1])
        #expect(Code128Patterns.widths[99] == [1, 1, 3, 1, 4, 1])
        #expect(Code128Patterns.widths[102] == [4, 1, 1, 1, 3, 1])
        #expect(Code128Patterns.widths[103] == [2, 1, 1, 4, 1, 2])
        #expect(Code128Patterns.widths[104] == [2, 1, 1, 2, 1, 4])
        #expect(Code128Patterns.widths[105] == [2, 1, 1, 2, 3, 2])
    }

    @Test func stopPatternHasSevenElementsAndThirteenModules() {
        #expect(Code128Patterns.widths[Code128Patterns.stop] == [2, 3, 3, 1, 1, 1, 2])
        #expect(Code128Patterns.modules(for: Code128Patterns.stop).count == 13)
    }

    @Test func tableHas107Rows() {
        #expect(Code128Patterns.widths.count == 107)
    }

    @Test func everySymbolCharacterIsElevenModulesWithEvenBarsAndOddSpaces() {
        for value in 0...105 {
            let widths = Code128Patterns.widths[value]
            let bars = widths[0] + widths[2] + widths[4]
            let spaces = widths[1] + widths[3] + widths[5]
            #expect(widths.count == 6, "value \(value)")
            #expect(bars + spaces == 11, "value \(value)")
            #expect(bars.isMultiple(of: 2), "value \(value): bars must add up to an even number (§4.4.2)")
            #expect(widths.allSatisfy { (1...4).contains($0) }, "value \(value)")
        }
    }

    @Test func everyPatternIsDistinctAndFoundAgainByItsWidths() {
        #expect(Set(Code128Patterns.widths).count == 107)
        for value in 0...106 {
            #expect(Code128Patterns.value(forWidths: Code128Patterns.widths[value]) == value)
        }
        #expect(Code128Patterns.value(forWidths: [1, 1, 1, 1, 1, 6]) == nil)
    }

    @Test func valueZeroDrawsAsTheWellKnownSpacePattern() {
        let drawn = String(Code128Patterns.modules(for: 0).map { $0 ? "1" : "0" })
        #expect(drawn == "11011001100")
    }
}

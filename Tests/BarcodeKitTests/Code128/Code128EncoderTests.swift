import Testing

@testable import BarcodeKit

/// Expected value sequences and check characters below were worked out by hand from
/// ISO/IEC 15417 Table 1 (set B value = ASCII − 32; set A control value = ASCII + 64) and the
/// check rule of §4.4.5; each comment shows the weighted sum.
@Suite struct Code128EncoderTests {
    @Test func classicExamplePJJ123CHasCheckCharacter55() throws {
        // 104 + 48·1 + 42·2 + 42·3 + 17·4 + 18·5 + 19·6 + 35·7 = 879 = 8·103 + 55.
        // (The brief expected 54; the arithmetic gives 55.) "123" is too short for set C.
        #expect(try Code128Encoder.symbolValues(for: "PJJ123C") == [104, 48, 42, 42, 17, 18, 19, 35, 55])
    }

    @Test func evenDigitsUseSetCOnly() throws {
        // 105 + 12·1 + 34·2 + 56·3 = 353 = 3·103 + 44.
        #expect(try Code128Encoder.symbolValues(for: "123456") == [105, 12, 34, 56, 44])
    }

    @Test func sixDigitsInsideTextSwitchToSetC() throws {
        // Staying in B costs 11 symbols; CODE C … CODE B costs 10.
        // 104 + 33 + 34·2 + 99·3 + 12·4 + 34·5 + 56·6 + 100·7 + 35·8 + 36·9 = 2360 = 22·103 + 94.
        #expect(
            try Code128Encoder.symbolValues(for: "AB123456CD") == [104, 33, 34, 99, 12, 34, 56, 100, 35, 36, 94])
    }

    @Test func fourDigitsInsideTextStayInSetBBecauseSwitchingSavesNothing() throws {
        // CODE C 12 34 CODE B is four symbols, as many as 1 2 3 4 in set B; the tie keeps B.
        // 104 + 33 + 34·2 + 17·3 + 18·4 + 19·5 + 20·6 + 35·7 + 36·8 = 1076 = 10·103 + 46.
        #expect(try Code128Encoder.symbolValues(for: "AB1234CD") == [104, 33, 34, 17, 18, 19, 20, 35, 36, 46])
    }

    @Test func oddDigitCountLeavesTheLastDigitToSetB() throws {
        // 105 + 12 + 34·2 + 100·3 + 21·4 = 569 = 5·103 + 54.
        #expect(try Code128Encoder.symbolValues(for: "12345") == [105, 12, 34, 100, 21, 54])
        // 105 + 12 + 34·2 + 56·3 + 100·4 + 23·5 = 868 = 8·103 + 44.
        #expect(try Code128Encoder.symbolValues(for: "1234567") == [105, 12, 34, 56, 100, 23, 44])
    }

    @Test func singleDigitUsesStartB() throws {
        // 104 + 17 = 121 = 103 + 18.
        #expect(try Code128Encoder.symbolValues(for: "1") == [104, 17, 18])
    }

    @Test func controlCharactersForceSetA() throws {
        // CR = 13 + 64 = 77, LF = 10 + 64 = 74; 103 + 77 + 74·2 = 328 = 3·103 + 19.
        #expect(try Code128Encoder.symbolValues(for: "\r\n") == [103, 77, 74, 19])
    }

    @Test func lowercaseUsesSetB() throws {
        // h e l l o = 72 69 76 76 79; 104 + 72 + 138 + 228 + 304 + 395 = 1241 = 12·103 + 5.
        #expect(try Code128Encoder.symbolValues(for: "hello") == [104, 72, 69, 76, 76, 79, 5])
    }

    @Test func singleSetACharacterInsideSetBUsesShift() throws {
        // TAB = 9 + 64 = 73 after SHIFT (98).
        // 104 + 65 + 66·2 + 98·3 + 73·4 + 67·5 + 68·6 = 1630 = 15·103 + 85.
        #expect(try Code128Encoder.symbolValues(for: "ab\tcd") == [104, 65, 66, 98, 73, 67, 68, 85])
    }

    @Test func threeSetACharactersInsideSetBSwitchInsteadOfShifting() throws {
        // Three SHIFTs cost 6 symbols, CODE A … CODE B costs 5.
        // 104 + 65 + 132 + 303 + 292 + 365 + 438 + 700 + 536 + 612 = 3547 = 34·103 + 45.
        #expect(
            try Code128Encoder.symbolValues(for: "ab\t\t\tcd") == [104, 65, 66, 101, 73, 73, 73, 100, 67, 68, 45])
    }

    @Test func latin1UpperHalfIsCarriedWithFNC4() throws {
        // é = 0xE9 = 128 + "i"; FNC4 in B is 100, "i" is 73. 104 + 100 + 73·2 = 350 = 3·103 + 41.
        #expect(try Code128Encoder.symbolValues(for: "é") == [104, 100, 73, 41])
        // U+0085 = 128 + ENQ, which only set A holds: CODE A (101), FNC4 in A (101), 5 + 64.
        // 104 + 88 + 101·2 + 101·3 + 69·4 = 973 = 9·103 + 46.
        #expect(try Code128Encoder.symbolValues(for: "x\u{85}") == [104, 88, 101, 101, 69, 46])
    }

    @Test func characterOutsideLatin1IsRefusedWithItsPosition() {
        #expect {
            try Code128Encoder.encode("AB€D")
        } throws: { error in
            guard case .invalidCharacter(let character, let position, .code128, _) = error as? BarcodeError else {
                return false
            }
            return character == "€" && position == 3
                && (error as? BarcodeError)?.errorDescription?.contains("character 3 (\"€\")") == true
        }
    }

    @Test func emptyTextIsRefused() {
        #expect(throws: BarcodeError.wrongLength(0, format: .code128, expected: "at least one character to encode")) {
            try Code128Encoder.encode("")
        }
    }

    @Test func symbolIsElevenModulesPerCharacterPlusThirteenForStop() throws {
        let symbol = try Code128Encoder.encode("AB123456CD")
        // start + 9 data + check = 11 symbol characters.
        #expect(symbol.modules.count == 11 * 11 + 13)
        #expect(symbol.modules.first == true && symbol.modules.last == true)
        #expect(symbol.quietZone == (left: 10, right: 10))
        #expect(symbol.format == .code128)
        #expect(symbol.text == "AB123456CD")
        #expect(symbol.guardRanges.isEmpty)
    }

    @Test func modulesAreTheTablePatternsOfTheValuesInOrder() throws {
        let symbol = try Code128Encoder.encode("hello")
        let expected = [104, 72, 69, 76, 76, 79, 5, 106].flatMap(Code128Patterns.modules(for:))
        #expect(symbol.modules == expected)
    }

    @Test func humanReadableLineIsLeftToTheRendererToCentre() throws {
        let symbol = try Code128Encoder.encode("hello")
        #expect(symbol.text == "hello")
        #expect(symbol.humanReadable.isEmpty)
    }
}

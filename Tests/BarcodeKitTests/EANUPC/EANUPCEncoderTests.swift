import BarcodeKit
import Testing

@Suite("Encoding EAN/UPC symbols")
struct EANUPCEncoderTests {
    /// 4006381333931 worked by hand: leading 4 → LGLLGG for 0 0 6 3 8 1 (L0 G0 L6 L3 G8 G1),
    /// then R3 R3 R3 R9 R3 R1, between guards 101 / 01010 / 101.
    @Test func test_ean13ModulesMatchTheHandWorkedSymbol() throws {
        let expected = "101" + "0001101" + "0100111" + "0101111" + "0111101" + "0001001" + "0110011"
            + "01010" + "1000010" + "1000010" + "1000010" + "1110100" + "1000010" + "1100110" + "101"
        let symbol = try EANUPCEncoder.encode("4006381333931", as: .ean13)
        #expect(eanModuleString(symbol.modules) == expected)
        #expect(symbol.text == "4006381333931")
    }

    /// 96385074: L9 L6 L3 L8 | R5 R0 R7 R4.
    @Test func test_ean8ModulesMatchTheHandWorkedSymbol() throws {
        let expected = "101" + "0001011" + "0101111" + "0111101" + "0110111"
            + "01010" + "1001110" + "1110010" + "1000100" + "1011100" + "101"
        #expect(eanModuleString(try EANUPCEncoder.encode("96385074", as: .ean8).modules) == expected)
    }

    /// 04252614: number system 0, check 4 → GLGGLL for 4 2 5 2 6 1, guards 101 and 010101.
    @Test func test_upcEModulesMatchTheHandWorkedSymbol() throws {
        let expected = "101" + "0011101" + "0010011" + "0111001" + "0011011" + "0101111" + "0011001" + "010101"
        #expect(eanModuleString(try EANUPCEncoder.encode("04252614", as: .upcE).modules) == expected)
    }

    @Test func test_moduleCountsAndQuietZones() throws {
        let ean13 = try EANUPCEncoder.encode("4006381333931", as: .ean13)
        let ean8 = try EANUPCEncoder.encode("96385074", as: .ean8)
        let upcA = try EANUPCEncoder.encode("036000291452", as: .upcA)
        let upcE = try EANUPCEncoder.encode("04252614", as: .upcE)
        #expect(ean13.modules.count == 95)
        #expect(ean8.modules.count == 67)
        #expect(upcA.modules.count == 95)
        #expect(upcE.modules.count == 51)
        #expect(ean13.quietZone == (11, 7))
        #expect(ean8.quietZone == (7, 7))
        #expect(upcA.quietZone == (9, 9))
        #expect(upcE.quietZone == (9, 7))
    }

    @Test func test_upcAIsTheEAN13SymbolOfZeroPlusItsDigits() throws {
        let upcA = try EANUPCEncoder.encode("036000291452", as: .upcA)
        let ean13 = try EANUPCEncoder.encode("0036000291452", as: .ean13)
        #expect(upcA.modules == ean13.modules)
        #expect(upcA.format == .upcA)
        #expect(upcA.text == "036000291452")
    }

    @Test func test_guardRangesCoverTheGuardPatterns() throws {
        let ean13 = try EANUPCEncoder.encode("4006381333931", as: .ean13)
        #expect(ean13.guardRanges == [0..<3, 45..<50, 92..<95])
        #expect(ean13.guardRanges.map { eanModuleString(Array(ean13.modules[$0])) } == ["101", "01010", "101"])
        #expect(try EANUPCEncoder.encode("96385074", as: .ean8).guardRanges == [0..<3, 31..<36, 64..<67])
        let upcE = try EANUPCEncoder.encode("04252614", as: .upcE)
        #expect(upcE.guardRanges.map { eanModuleString(Array(upcE.modules[$0])) } == ["101", "010101"])
        // UPC-A's first and last symbol characters are drawn as long as the guards.
        #expect(try EANUPCEncoder.encode("036000291452", as: .upcA).guardRanges == [0..<10, 45..<50, 85..<95])
    }

    @Test func test_humanReadableDigitsFollowTheGS1Layout() throws {
        let ean13 = try EANUPCEncoder.encode("4006381333931", as: .ean13)
        #expect(String(ean13.humanReadable.map(\.character)) == "4006381333931")
        #expect(ean13.humanReadable[0].centre < 0)                     // leading digit in the quiet zone
        #expect(ean13.humanReadable[0].centre > -11)
        #expect(ean13.humanReadable[1].centre == 6.5)                  // under modules 3..<10
        #expect(ean13.humanReadable[7].centre == 53.5)                 // under modules 50..<57
        #expect(ean13.humanReadable[12].centre == 88.5)                // under modules 85..<92

        let upcA = try EANUPCEncoder.encode("036000291452", as: .upcA)
        #expect(upcA.humanReadable.count == 12)
        #expect(upcA.humanReadable[0].centre < 0)                      // number system outside left
        #expect(upcA.humanReadable[11].centre > 95)                    // check digit outside right
        #expect(upcA.humanReadable[1].centre == 13.5)                  // second digit under modules 10..<17

        let upcE = try EANUPCEncoder.encode("04252614", as: .upcE)
        #expect(String(upcE.humanReadable.map(\.character)) == "04252614")
        #expect(upcE.humanReadable[0].centre < 0)
        #expect(upcE.humanReadable[7].centre > 51)
    }

    @Test func test_aMissingCheckDigitIsComputed() throws {
        #expect(try EANUPCEncoder.encode("400638133393", as: .ean13).text == "4006381333931")
        #expect(try EANUPCEncoder.encode("9638507", as: .ean8).text == "96385074")
        #expect(try EANUPCEncoder.encode("03600029145", as: .upcA).text == "036000291452")
        #expect(try EANUPCEncoder.encode("425261", as: .upcE).text == "04252614")
    }

    @Test func test_aWrongCheckDigitIsRefused() {
        #expect(throws: BarcodeError.wrongCheckDigit(found: "2", expected: "1", format: .ean13)) {
            try EANUPCEncoder.encode("4006381333932", as: .ean13)
        }
        #expect(throws: BarcodeError.wrongLength(
            10, format: .ean8, expected: "8 digits (or 7 without the check digit)")) {
            try EANUPCEncoder.encode("1234567890", as: .ean8)
        }
        #expect(throws: BarcodeError.invalidCharacter("-", position: 4, format: .ean13, allowed: "only the digits 0-9")) {
            try EANUPCEncoder.encode("400-38133393", as: .ean13)
        }
    }
}

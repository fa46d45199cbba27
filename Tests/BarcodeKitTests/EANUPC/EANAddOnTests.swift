import BarcodeKit
import Testing

@Suite("EAN-2 and EAN-5 add-ons")
struct EANAddOnTests {
    /// "12": 12 mod 4 = 0 → L L.
    @Test func test_twoDigitAddOnMatchesTheHandWorkedModules() throws {
        let expected = "1011" + "0011001" + "01" + "0010011"
        #expect(eanModuleString(try EANAddOn.encode("12")) == expected)
    }

    /// "52495" (the add-on of 978-0-88427-178-9 in the ean13-extension-1 fixtures): checksum
    /// 3×(5+4+5) + 9×(2+9) = 141 → 1 → G L G L L.
    @Test func test_fiveDigitAddOnMatchesTheHandWorkedModules() throws {
        #expect(EANAddOn.checksum5([5, 2, 4, 9, 5]) == 1)
        let expected = "1011" + "0111001" + "01" + "0010011" + "01" + "0011101" + "01" + "0001011" + "01" + "0110001"
        let modules = try EANAddOn.encode("52495")
        #expect(eanModuleString(modules) == expected)
        #expect(modules.count == 47)
    }

    @Test func test_twoDigitAddOnIsTwentyModulesForEveryValue() throws {
        for value in 0...99 {
            let text = value < 10 ? "0\(value)" : "\(value)"
            #expect(try EANAddOn.encode(text).count == 20)
        }
    }

    @Test func test_otherLengthsAndLettersAreRefused() {
        #expect(throws: BarcodeError.wrongLength(3, format: .ean13, expected: "add-ons of 2 or 5 digits")) {
            try EANAddOn.encode("123")
        }
        #expect(throws: BarcodeError.invalidCharacter("O", position: 1, format: .ean13, allowed: "only the digits 0-9")) {
            try EANAddOn.encode("O5")
        }
    }

    @Test func test_gapAndQuietZoneFollowTheSpecification() {
        #expect(EANAddOn.gap == 7...12)
        #expect(EANAddOn.rightQuietZone == 5)
    }
}

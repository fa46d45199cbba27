import BarcodeKit
import Foundation
import Testing

@Suite("Checking EAN/UPC numbers")
struct EANUPCCheckTests {
    @Test func test_lengthChoosesTheSymbology() throws {
        #expect(try EANUPC.check("4006381333931").format == .ean13)
        #expect(try EANUPC.check("036000291452").format == .upcA)
        #expect(try EANUPC.check("96385074").format == .ean8)
    }

    @Test func test_checkedCodeCarriesDigitsCheckDigitAndGTIN13() throws {
        let upcA = try EANUPC.check("036000291452")
        #expect(upcA.digits == "036000291452")
        #expect(upcA.checkDigit == "2")
        #expect(upcA.gtin13 == "0036000291452")
        #expect(upcA.country?.name == "United States & Canada")

        let ean8 = try EANUPC.check("96385074")
        #expect(ean8.gtin13 == nil)
        #expect(ean8.country?.name == "GS1 Global Office (GTIN-8 allocations)")
    }

    @Test func test_italianPrefixIsReportedAsItaly() throws {
        let code = try EANUPC.check("8001234567897")
        #expect(code.country?.name.hasPrefix("Italy") == true)
    }

    @Test func test_anEightDigitUPCEIsCheckedAgainstItsUPCAExpansion() throws {
        let code = try EANUPC.check("04252614", as: .upcE)
        #expect(code.format == .upcE)
        #expect(code.digits == "04252614")
        #expect(code.gtin13 == "0042100005264")
    }

    @Test func test_shortUPCEFormsGetTheirCheckDigit() throws {
        #expect(try EANUPC.check("0425261", as: .upcE).digits == "04252614")
        #expect(try EANUPC.check("425261", as: .upcE).digits == "04252614")
    }

    @Test func test_computeAppendsTheCheckDigit() throws {
        #expect(try EANUPC.compute("400638133393", as: .ean13) == "4006381333931")
        #expect(try EANUPC.compute("03600029145", as: .upcA) == "036000291452")
        #expect(try EANUPC.compute("9638507", as: .ean8) == "96385074")
        #expect(try EANUPC.compute("0425261", as: .upcE) == "04252614")
        #expect(try EANUPC.compute("425261", as: .upcE) == "04252614")
    }

    // MARK: - Refusals

    @Test func test_aLetterIsRefusedWithItsPosition() {
        #expect(throws: BarcodeError.invalidCharacter("A", position: 12, format: .ean13, allowed: "only the digits 0-9")) {
            try EANUPC.check("40063813339A1")
        }
        #expect(throws: BarcodeError.invalidCharacter("x", position: 1, format: .upcA, allowed: "only the digits 0-9")) {
            try EANUPC.check("x36000291452", as: .upcA)
        }
    }

    @Test func test_theLetterMessageNamesThePosition() {
        let error = BarcodeError.invalidCharacter("A", position: 12, format: .ean13, allowed: "only the digits 0-9")
        #expect(error.localizedDescription.contains("character 12"))
        #expect(throws: error) { try EANUPC.check("40063813339A1") }
    }

    @Test func test_wrongLengthsAreRefused() {
        #expect(throws: BarcodeError.wrongLength(5, format: .ean13, expected: "13 digits (or 12 for UPC-A, 8 for EAN-8)")) {
            try EANUPC.check("12345")
        }
        #expect(throws: BarcodeError.wrongLength(12, format: .ean13, expected: "13 digits")) {
            try EANUPC.check("400638133393", as: .ean13)
        }
        #expect(throws: BarcodeError.wrongLength(5, format: .upcE, expected: "8 digits (or 6-7 without the check digit)")) {
            try EANUPC.check("12345", as: .upcE)
        }
        #expect(throws: BarcodeError.wrongLength(13, format: .ean13, expected: "12 digits before the check digit")) {
            try EANUPC.compute("4006381333931", as: .ean13)
        }
    }

    @Test func test_aWrongCheckDigitIsRefusedWithTheExpectedOne() throws {
        let error = BarcodeError.wrongCheckDigit(found: "0", expected: "7", format: .ean13)
        #expect(throws: error) { try EANUPC.check("8001234567890") }
        #expect(error.localizedDescription.contains("give 7"))
        #expect(throws: BarcodeError.wrongCheckDigit(found: "5", expected: "4", format: .upcE)) {
            try EANUPC.check("04252615", as: .upcE)
        }
    }

    @Test func test_theThesisAcceptedThirteenCharactersButNotDigitsOnly() {
        // `checkEAN13` in the Padova thesis only compared the last character; a 13-character
        // string with a matching digit but a space inside must fail here.
        #expect(throws: BarcodeError.invalidCharacter(" ", position: 4, format: .ean13, allowed: "only the digits 0-9")) {
            try EANUPC.check("400 381333931")
        }
    }

    @Test func test_upcENeedsNumberSystemZeroOrOne() {
        #expect(throws: BarcodeError.invalidCharacter(
            "2", position: 1, format: .upcE, allowed: "0 or 1 first: UPC-E exists only for number systems 0 and 1")) {
            try EANUPC.check("24252614", as: .upcE)
        }
    }

    @Test func test_otherSymbologiesAreNotEANUPC() {
        #expect(throws: BarcodeError.self) { try EANUPC.check("12345678", as: .code128) }
    }
}

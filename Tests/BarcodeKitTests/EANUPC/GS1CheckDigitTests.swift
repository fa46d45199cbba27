import BarcodeKit
import Testing

@Suite("GS1 mod-10 check digit")
struct GS1CheckDigitTests {
    // Each expected digit worked by hand: weights 3, 1, 3, … from the rightmost data digit.
    @Test("check digits of real codes", arguments: [
        ("400638133393", "1"),  // EAN-13, GS1 Germany: 1×20 + 3×23 = 89 → 1
        ("978030640615", "7"),  // ISBN 978-0-306-40615-7: 27 + 3×22 = 93 → 7
        ("03600029145", "2"),   // UPC-A: 3×14 + 16 = 58 → 2
        ("9638507", "4"),       // EAN-8: 3×24 + 14 = 86 → 4
        ("800123456789", "7"),  // EAN-13, GS1 Italy: 28 + 3×25 = 103 → 7
    ])
    func test_computesTheCheckDigitOfRealCodes(body: String, expected: String) {
        #expect(GS1CheckDigit.compute(body) == Character(expected))
    }

    @Test func test_aSumAlreadyAMultipleOfTenGivesZero() {
        // 3×5 + 1×5 = 20
        #expect(GS1CheckDigit.compute("0055") == "0")
        // 3×1 + 1×1 + 3×1 + 1×1 = 8 → 2
        #expect(GS1CheckDigit.compute("1111") == "2")
    }

    @Test func test_isValidAcceptsCorrectAndRejectsMistypedCodes() {
        #expect(GS1CheckDigit.isValid("4006381333931"))
        #expect(!GS1CheckDigit.isValid("4006381333932"))
        #expect(!GS1CheckDigit.isValid("4006381333391"))  // two neighbours swapped (3 and 9)
        #expect(!GS1CheckDigit.isValid("400638133393A"))
        #expect(!GS1CheckDigit.isValid("٤006381333931"))  // an Arabic-Indic four is not an ASCII digit
        #expect(!GS1CheckDigit.isValid(""))
    }
}

import BarcodeKit
import Testing

/// UPC-E ⇄ UPC-A, one example per value of the last data digit; each expansion written from
/// the zero-suppression table (GS1 General Specifications §5.2), check digits worked by hand.
@Suite("UPC-E expansion and compression")
struct UPCETests {
    @Test("expansion rule for each last digit", arguments: [
        ("01234505", "012000003455"),  // 0: n d1 d2 0 0 0 | 0 0 d3 d4 d5
        ("04252614", "042100005264"),  // 1: n d1 d2 1 0 0 | 0 0 d3 d4 d5
        ("01234523", "012200003453"),  // 2: n d1 d2 2 0 0 | 0 0 d3 d4 d5
        ("01234531", "012300000451"),  // 3: n d1 d2 d3 0 0 | 0 0 0 d4 d5
        ("01234543", "012340000053"),  // 4: n d1 d2 d3 d4 0 | 0 0 0 0 d5
        ("01234558", "012345000058"),  // 5–9: n d1 … d5 | 0 0 0 0 d6
        ("01234565", "012345000065"),
        ("01234572", "012345000072"),
        ("01234589", "012345000089"),
        ("01234596", "012345000096"),
        ("11234502", "112000003452"),  // number system 1
        ("04963406", "049000006346"),  // real product, from the upce-2 fixtures
    ])
    func test_expandsAndCompressesBack(upcE: String, upcA: String) throws {
        #expect(try UPCE.expand(upcE) == upcA)
        #expect(UPCE.compress(upcA) == upcE)
    }

    @Test func test_shortFormsExpandWithAComputedCheckDigit() throws {
        #expect(try UPCE.expand("0425261") == "042100005264")
        #expect(try UPCE.expand("425261") == "042100005264")
    }

    @Test func test_numbersWithoutSuppressibleZerosDoNotCompress() {
        #expect(UPCE.compress("036000291452") == nil)  // zeros in the wrong places
        #expect(UPCE.compress("212345000069") == nil)  // number system 2, valid check digit
        #expect(UPCE.compress("012345000064") == nil)  // wrong check digit
        #expect(UPCE.compress("01234500006") == nil)   // 11 digits
        #expect(UPCE.compress("012345000003") == nil)  // item digit 0–4 after a non-zero fifth digit
    }

    @Test func test_expansionRefusesWrongCheckDigitsAndNumberSystems() {
        #expect(throws: BarcodeError.wrongCheckDigit(found: "0", expected: "4", format: .upcE)) {
            try UPCE.expand("04252610")
        }
        #expect(throws: BarcodeError.self) { try UPCE.expand("94252614") }
        #expect(throws: BarcodeError.wrongLength(9, format: .upcE, expected: "8 digits (or 6-7 without the check digit)")) {
            try UPCE.expand("042526140")
        }
    }
}

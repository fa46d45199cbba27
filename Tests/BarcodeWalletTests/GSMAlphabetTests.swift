import Testing
@testable import BarcodeWallet

/// The GSM 7-bit default alphabet table (3GPP TS 23.038 §6.2.1) as typed in `GSMAlphabet`.
@Suite struct GSMAlphabetTests {
    @Test func theBasicTableHas128CharactersLessTheEscape() {
        #expect(GSMAlphabet.basic.count == 127)
        #expect(GSMAlphabet.extended.count == 10)
        #expect(GSMAlphabet.basic.isDisjoint(with: GSMAlphabet.extended))
    }

    @Test func italianAccentsAreInTheAlphabetButNotEveryAccent() {
        #expect(GSMAlphabet.septets("àèéìòù") == 6)
        #expect(GSMAlphabet.septets("£¥§¿¡ÄÖÑÜäöñü") == 13)
        // á, ê and the backtick are not in the default alphabet.
        #expect(GSMAlphabet.septets("á") == nil)
        #expect(GSMAlphabet.septets("ê") == nil)
        #expect(GSMAlphabet.septets("`") == nil)
        #expect(GSMAlphabet.septets("{[€]}") == 10)
    }
}

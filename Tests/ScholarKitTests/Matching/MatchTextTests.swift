import Testing
@testable import ScholarKit

@Suite struct MatchTextTests {
    // Zotero's rule: removeDiacritics, then [ !-/:-@[-`{-~]+ → " ", trim, lowercase.
    @Test func test_titlesFollowZoterosRule() {
        #expect(MatchText.normalizedTitle("Élan: a  Study!") == "elan a study")
        #expect(MatchText.normalizedTitle("CRISPR–Cas9 Structures and Mechanisms") == "crispr cas9 structures and mechanisms")
        #expect(MatchText.normalizedTitle("  [CITATION] Cellular geography.") == "citation cellular geography")
        #expect(MatchText.normalizedTitle("A_b~c{d}e|f@g^h`i") == "a b c d e f g h i")
        #expect(MatchText.normalizedTitle("Straße") == "strasse")
        #expect(MatchText.normalizedTitle("“Quoted” — and ‘single’ …") == "quoted and single")
        #expect(MatchText.normalizedTitle("Ｆｕｌｌ width") == "full width")
    }

    @Test func test_caseAndPunctuationVariantsOfARealTitleAreEqual() {
        // Both spellings occur in the Publish or Perish export of W. Tobler's papers.
        #expect(MatchText.normalizedTitle("PARALLEL-MODULATED NEURAL NETWORK FRICTION COMPONENT MODEL FOR AUTOMOTIVE POWERTRAIN SYSTEMS")
            == MatchText.normalizedTitle("Parallel-Modulated Neural Network Friction Component Model for Automotive Powertrain Systems"))
    }

    @Test func test_emptyAndAllPunctuationTitlesNormaliseToEmpty() {
        #expect(MatchText.normalizedTitle("") == "")
        #expect(MatchText.normalizedTitle(" ...: — ") == "")
    }

    @Test func test_decomposedAndPrecomposedAccentsAreEqual() {
        #expect(MatchText.normalizedTitle("e\u{301}cole") == "ecole")
        #expect(MatchText.normalizedTitle("école") == "ecole")
    }

    @Test func test_strokeLettersAndLigaturesFoldLikeZoterosTable() {
        #expect(MatchText.normalizedTitle("Łódź, Øresund, Æther, Œuvre") == "lodz oresund aether oeuvre")
        // Dotless ı, as in "Mıgratıon: Ravensteın, Thorntwaıte, And Beyond" (PoP export).
        #expect(MatchText.normalizedTitle("Mıgratıon: Ravensteın") == "migration ravenstein")
    }

    @Test func test_invisibleFormatCharactersDoNotSplitWords() {
        #expect(MatchText.normalizedTitle("co\u{AD}operation") == "cooperation")
        #expect(MatchText.normalizedTitle("zero\u{200B}width") == "zerowidth")
    }

    @Test func test_asciiFastPathAgreesWithFoundationFolding() {
        let ascii = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }.joined()
        // The same text with one non-ASCII letter takes Foundation's path.
        #expect(MatchText.normalizedTitle(ascii + " é") == MatchText.normalizedTitle(ascii) + " e")
    }

    @Test func test_surnamesAsSourcesWriteThem() {
        for name in ["JA Doudna", "Doudna, Jennifer A.", "Jennifer A. Doudna", "J. A. Doudna", "Doudna JA", "DOUDNA, J.A."] {
            #expect(MatchText.surname(name) == "doudna", "\(name)")
        }
        #expect(MatchText.surname("WR TOBLER") == "tobler")
        #expect(MatchText.surname("Tobler W") == "tobler")
        #expect(MatchText.surname("José Núñez") == "nunez")
        #expect(MatchText.surname("M Kuang") == "kuang")
    }

    @Test func test_generationalSuffixesAreNotSurnames() {
        // "B Guthikonda, WD Tobler Jr, SC Froelich" in the PoP export of Tobler's papers.
        #expect(MatchText.surname("WD Tobler Jr") == "tobler")
        #expect(MatchText.surname("Martin Luther King Jr.") == "king")
        #expect(MatchText.surname("John Smith III") == "smith")
    }

    @Test func test_particlesAndHyphensKeepTheLastWord() {
        #expect(MatchText.surname("J. van der Berg") == "berg")
        #expect(MatchText.surname("Smith-Jones") == "jones")
    }

    @Test func test_degenerateNames() {
        #expect(MatchText.surname("") == nil)
        #expect(MatchText.surname("   ") == nil)
        #expect(MatchText.surname("X") == "x")
        // All capitals on both sides cannot be told apart: the last word is taken.
        #expect(MatchText.surname("AY NG") == "ng")
    }

    @Test func test_doisAreBareAndLowercased() {
        #expect(MatchText.normalizedDOI("https://doi.org/10.1000/ABC") == "10.1000/abc")
        #expect(MatchText.normalizedDOI(" doi:10.1/X ") == "10.1/x")
        #expect(MatchText.normalizedDOI("10.1146/annurev-biophys-062215-010822") == "10.1146/annurev-biophys-062215-010822")
        #expect(MatchText.normalizedDOI("") == nil)
        #expect(MatchText.normalizedDOI("  ") == nil)
        #expect(MatchText.normalizedDOI(nil) == nil)
    }
}

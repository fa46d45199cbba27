import OrderCompany
import OrderKit
import Testing
import TestSupport

struct ImportCodeTests {

    @Test func codesAreSixLettersWithoutLookAlikes() {
        for _ in 0..<1_000 {
            let code = ImportCode.generate(existing: [])
            #expect(code.count == 6)
            #expect(code.allSatisfy { $0.isASCII && $0.isUppercase && $0 != "I" && $0 != "O" })
            #expect(ImportCode.isValid(code))
        }
    }

    @Test func allTwentyFourLettersAppear() {
        var seen = Set<Character>()
        for _ in 0..<500 { seen.formUnion(ImportCode.generate(existing: [])) }
        #expect(seen == Set("ABCDEFGHJKLMNPQRSTUVWXYZ"))
    }

    @Test func anExistingCodeIsNeverReturned() {
        var first = SeededGenerator(seed: 42)
        let taken = ImportCode.generate(existing: [], using: &first)
        var same = SeededGenerator(seed: 42)
        let next = ImportCode.generate(existing: [taken], using: &same)
        #expect(next != taken)
        #expect(next.count == 6)
    }

    @Test func typedCodesAreNormalised() throws {
        #expect(ImportCode.normalise("  abc def ") == "ABCDEF")
        #expect(try ImportCode.validated("xyz\tkmn") == "XYZKMN")
    }

    @Test func badCodesSayWhatIsWrong() {
        #expect(throws: ImportCodeError.empty) { try ImportCode.validated("   ") }
        #expect(throws: ImportCodeError.wrongLength(5)) { try ImportCode.validated("ABCDE") }
        #expect(throws: ImportCodeError.invalidCharacter("O")) { try ImportCode.validated("ABCDEO") }
        #expect(throws: ImportCodeError.invalidCharacter("1")) { try ImportCode.validated("ABC1EF") }
        #expect(ImportCodeError.invalidCharacter("0").errorDescription == "import codes have no I, O, 1 or 0 (“0”): the letters are A–Z without I and O")
        #expect(ImportCodeError.wrongLength(5).code == "wrong import code length")
    }
}

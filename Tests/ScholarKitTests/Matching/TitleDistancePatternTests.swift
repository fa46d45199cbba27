@testable import ScholarKit
import Testing
import TestSupport

@Suite struct TitleDistancePatternTests {
    static func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

    @Test func test_knownDistances() {
        #expect(TitleDistancePattern(Self.scalars("kitten")).distance(to: Self.scalars("sitting"), limit: 3) == 3)
        #expect(TitleDistancePattern(Self.scalars("kitten")).distance(to: Self.scalars("sitting"), limit: 2) == nil)
        #expect(TitleDistancePattern(Self.scalars("")).distance(to: Self.scalars("abc"), limit: 3) == 3)
        #expect(TitleDistancePattern(Self.scalars("abc")).distance(to: Self.scalars(""), limit: 3) == 3)
        #expect(TitleDistancePattern(Self.scalars("élan")).distance(to: Self.scalars("elan"), limit: 1) == 1)
    }

    /// Texts of 0 to 200 scalars, so that one, two, three and four 64-row blocks are crossed,
    /// with non-ASCII letters in both the text and the titles.
    @Test func test_theBitVectorDistanceEqualsTheFullTableOnRandomPairs() {
        var generator = SeededGenerator(seed: 2_024)
        let alphabet = Array("ab cé漢".unicodeScalars)
        for round in 0..<1_500 {
            let length = round % 3 == 0 ? Int(generator.next() % 200) : Int(generator.next() % 70)
            let a = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            var b = a
            for _ in 0..<Int(generator.next() % 12) {
                let at = b.isEmpty ? 0 : Int(generator.next() % UInt64(b.count))
                let letter = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                switch generator.next() % 3 {
                case 0: b.insert(letter, at: at)
                case 1: if !b.isEmpty { b.remove(at: at) }
                default: if !b.isEmpty { b[at] = letter }
                }
            }
            if generator.next() % 5 == 0 { b = (0..<Int(generator.next() % 130)).map { _ in alphabet[Int(generator.next() % 4)] } }
            let exact = TitleSimilarityTests.fullDistance(a, b)
            let limit = Int(generator.next() % 40)
            #expect(TitleDistancePattern(a).distance(to: b, limit: limit) == (exact <= limit ? exact : nil), "round \(round), limit \(limit)")
            #expect(TitleDistancePattern(a).distance(to: b, limit: 400) == exact, "round \(round)")
        }
    }
}

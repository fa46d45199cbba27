@testable import ScholarKit
import Testing
import TestSupport

@Suite struct TitleSimilarityTests {
    /// Textbook Wagner–Fischer, the whole table: the reference the banded version must match.
    static func fullDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in stride(from: 1, through: b.count, by: 1) {
                current[j] = min(previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), previous[j] + 1, current[j - 1] + 1)
            }
            previous = current
        }
        return previous[b.count]
    }

    static func scalars(_ text: String) -> [Unicode.Scalar] { Array(text.unicodeScalars) }

    @Test func test_knownDistances() {
        // kitten → sitting: k→s, e→i, +g.
        #expect(TitleSimilarity.ratio("kitten", "sitting") == 1 - 3.0 / 7)
        // flaw → lawn: −f, +n.
        #expect(TitleSimilarity.ratio("flaw", "lawn") == 1 - 2.0 / 4)
        // "geographic" → "geographical": +a, +l.
        #expect(TitleSimilarity.ratio("a geographic flow mapping program", "a geographical flow mapping program") == 1 - 2.0 / 35)
        #expect(TitleSimilarity.ratio("abc", "xyz") == 0)
        #expect(TitleSimilarity.boundedDistance(Self.scalars("saturday"), Self.scalars("sunday"), limit: 10) == 3)
    }

    @Test func test_identicalAndEmpty() {
        #expect(TitleSimilarity.ratio("cellular geography", "cellular geography") == 1)
        #expect(TitleSimilarity.ratio("", "") == 1)
        #expect(TitleSimilarity.ratio("abc", "") == 0)
        #expect(TitleSimilarity.ratio("", "abc") == 0)
        #expect(TitleSimilarity.ratio("", "", atLeast: 0.9) == 1)
        #expect(TitleSimilarity.ratio("abc", "", atLeast: 0.9) == nil)
        #expect(TitleSimilarity.ratio("abc", "", atLeast: 0) == 0)
    }

    @Test func test_thresholdIsInclusive() {
        // One edit in ten scalars is exactly 0.9.
        #expect(TitleSimilarity.ratio("abcdefghij", "abcdefghiX", atLeast: 0.9) == 0.9)
        #expect(TitleSimilarity.ratio("abcdefghij", "abcdefghXY", atLeast: 0.9) == nil)
        #expect(TitleSimilarity.ratio("abcdefghij", "abcdefghij", atLeast: 1) == 1)
        #expect(TitleSimilarity.ratio("abcdefghij", "abcdefghiX", atLeast: 1.5) == nil)
    }

    @Test func test_boundedDistanceStopsAtTheLimit() {
        #expect(TitleSimilarity.boundedDistance(Self.scalars("kitten"), Self.scalars("sitting"), limit: 2) == nil)
        #expect(TitleSimilarity.boundedDistance(Self.scalars("kitten"), Self.scalars("sitting"), limit: 3) == 3)
        #expect(TitleSimilarity.boundedDistance(Self.scalars("abc"), Self.scalars("abc"), limit: 0) == 0)
        #expect(TitleSimilarity.boundedDistance(Self.scalars("abc"), Self.scalars("abd"), limit: 0) == nil)
        #expect(TitleSimilarity.boundedDistance(Self.scalars("abcd"), Self.scalars(""), limit: 4) == 4)
        #expect(TitleSimilarity.boundedDistance(Self.scalars(""), Self.scalars("abcd"), limit: 3) == nil)
    }

    @Test func test_theBandedDistanceEqualsTheFullTableOnRandomPairs() {
        var generator = SeededGenerator(seed: 42)
        // A small alphabet makes near-misses frequent; mutations make close pairs common.
        let alphabet = Array("ab cé".unicodeScalars)
        for _ in 0..<3_000 {
            let a = (0..<Int(generator.next() % 14)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            var b = a
            for _ in 0..<Int(generator.next() % 5) {
                let choice = generator.next() % 3
                let at = b.isEmpty ? 0 : Int(generator.next() % UInt64(b.count))
                let letter = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                if choice == 0 || b.isEmpty { b.insert(letter, at: at) } else if choice == 1 { b.remove(at: at) } else { b[at] = letter }
            }
            if generator.next() % 4 == 0 { b = (0..<Int(generator.next() % 14)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] } }
            let exact = Self.fullDistance(a, b)
            let limit = Int(generator.next() % 8)
            let bounded = TitleSimilarity.boundedDistance(a, b, limit: limit)
            #expect(bounded == (exact <= limit ? exact : nil), "\(String(String.UnicodeScalarView(a))) / \(String(String.UnicodeScalarView(b))) limit \(limit)")
            let longer = max(a.count, b.count)
            let ratio = longer == 0 ? 1 : 1 - Double(exact) / Double(longer)
            let text = (String(String.UnicodeScalarView(a)), String(String.UnicodeScalarView(b)))
            #expect(TitleSimilarity.ratio(text.0, text.1) == ratio)
            let threshold = Double(generator.next() % 11) / 10
            #expect(TitleSimilarity.ratio(a, b, atLeast: threshold) == (ratio >= threshold ? ratio : nil))
        }
    }
}


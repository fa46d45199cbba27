@testable import ScholarKit
import Testing
import TestSupport

@Suite struct ResultTitleIndexTests {
    /// The most similar title by comparing with every one; texts under 8 scalars match only exactly.
    static func bruteForce(_ text: String, _ titles: [String], threshold: Double) -> (index: Int, similarity: Double)? {
        var best: (index: Int, similarity: Double)?
        for (index, title) in titles.enumerated() where !title.isEmpty {
            let similarity = text == title ? 1 : (text.unicodeScalars.count < 8 ? 0 : TitleSimilarity.ratio(text, title))
            guard similarity >= threshold, similarity > (best?.similarity ?? -1) else { continue }
            best = (index, similarity)
        }
        return best
    }

    /// Titles from a vocabulary of a few words, so that they share most of their q-grams and
    /// the filters are pushed hard, looked up as mutated copies and as unrelated texts.
    @Test func test_theIndexFindsTheSameTitleAsComparingWithEveryOne() {
        var generator = SeededGenerator(seed: 11)
        let words = ["graph", "matroids", "of", "the", "simplicial", "hopf", "monoids", "trees", "é", "a"]
        func sentence() -> String {
            (0..<(1 + Int(generator.next() % 9))).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
        }
        for round in 0..<40 {
            let titles = (0..<60).map { _ in sentence() }
            let threshold = [0.8, 0.9, 0.6, 0.7, 0.95][round % 5]
            let index = ResultTitleIndex(normalizedTitles: titles, threshold: threshold)
            for _ in 0..<40 {
                var text = generator.next() % 3 == 0 ? sentence() : titles[Int(generator.next() % UInt64(titles.count))]
                for _ in 0..<Int(generator.next() % 5) where !text.isEmpty {
                    var scalars = Array(text.unicodeScalars)
                    let at = Int(generator.next() % UInt64(scalars.count))
                    switch generator.next() % 3 {
                    case 0: scalars.insert("x", at: at)
                    case 1: scalars.remove(at: at)
                    default: scalars[at] = "z"
                    }
                    text = String(String.UnicodeScalarView(scalars))
                }
                let found = index.bestMatch(for: text), expected = Self.bruteForce(text, titles, threshold: threshold)
                #expect(found?.index == expected?.index && found?.similarity == expected?.similarity,
                        "\(text) at \(threshold): \(String(describing: found)) vs \(String(describing: expected))")
            }
        }
    }
}

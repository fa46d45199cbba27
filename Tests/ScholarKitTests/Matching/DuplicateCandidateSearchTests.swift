@testable import ScholarKit
import Testing
import TestSupport

@Suite struct DuplicateCandidateSearchTests {
    /// Every pair at or above the threshold, by comparing all pairs.
    func allPairs(_ titles: [[Unicode.Scalar]], threshold: Double) -> [String] {
        var pairs: [String] = []
        for first in titles.indices where !titles[first].isEmpty {
            for second in titles.indices where second > first && !titles[second].isEmpty {
                if let similarity = TitleSimilarity.ratio(titles[first], titles[second], atLeast: threshold) {
                    pairs.append("\(first)-\(second) \(similarity)")
                }
            }
        }
        return pairs.sorted()
    }

    func indexedPairs(_ titles: [[Unicode.Scalar]], threshold: Double) -> [String] {
        var pairs: [String] = []
        DuplicateCandidateSearch(titles: titles, threshold: threshold).forEachSimilarPair(isCandidate: { _, _ in true }) { first, second, similarity in
            pairs.append("\(first)-\(second) \(similarity)")
        }
        return pairs.sorted()
    }

    @Test func test_theIndexFindsExactlyThePairsThatAllPairsFind() {
        var generator = SeededGenerator(seed: 7)
        let words = ["map", "maps", "the", "of", "geography", "cellular", "a", "migration", "flow", "i", "ii", "é"]
        for round in 0..<60 {
            var titles: [[Unicode.Scalar]] = []
            for _ in 0..<40 {
                if !titles.isEmpty, generator.next() % 2 == 0 {
                    // A mutated copy of an earlier title: edits at the start, middle or end.
                    var copy = titles[Int(generator.next() % UInt64(titles.count))]
                    for _ in 0..<Int(generator.next() % 4) {
                        let at = copy.isEmpty ? 0 : Int(generator.next() % UInt64(copy.count))
                        switch generator.next() % 3 {
                        case 0: copy.insert("x", at: at)
                        case 1: if !copy.isEmpty { copy.remove(at: at) }
                        default: if !copy.isEmpty { copy[at] = "z" }
                        }
                    }
                    titles.append(copy)
                } else {
                    let count = Int(generator.next() % 7)
                    let title = (0..<count).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
                    titles.append(Array(title.unicodeScalars))
                }
            }
            let threshold = [0.9, 0.8, 0.95, 0.6, 0.3, 0.0, 1.0][round % 7]
            #expect(indexedPairs(titles, threshold: threshold) == allPairs(titles, threshold: threshold), "round \(round), threshold \(threshold)")
        }
    }

    @Test func test_pairsArePassedToTheCandidateFilterOnceInIndexOrder() {
        let titles = ["cellular geography", "cellular geograpy", "cellular geography", "migration fields"].map { Array($0.unicodeScalars) }
        var seen: [String] = []
        DuplicateCandidateSearch(titles: titles, threshold: 0.9).forEachSimilarPair(isCandidate: { first, second in
            seen.append("\(first)-\(second)")
            return first != 0
        }, found: { _, _, _ in })
        #expect(seen.sorted() == ["0-1", "0-2", "1-2"])
    }
}

import Testing
import TestSupport
@testable import ScholarKit

/// Issue 36, item 4: duplicate suggestions compare at most `DuplicateKeys.comparedLength`
/// characters of a title, so a pathological title costs work proportional to that cap, not to
/// its length squared (one 40,000-character title took 12 s; a million characters aborted the server).
@Suite struct DuplicateSearchBoundTests {
    /// Words of a title that does not repeat itself, as long as asked.
    static func longTitle(_ length: Int, seed: UInt64) -> String {
        var generator = SeededGenerator(seed: seed)
        var words: [String] = []
        var total = 0
        while total < length {
            let word = String((0..<Int(generator.next() % 9 + 2)).map { _ in Character(Unicode.Scalar(UInt8(97 + generator.next() % 26))) })
            words.append(word)
            total += word.count + 1
        }
        return String(words.joined(separator: " ").prefix(length))
    }

    static func publications(longLengths: [Int]) -> [Publication] {
        var list = [
            Publication(title: "A geographic flow mapping program", authors: ["W Tobler"], year: 1981),
            Publication(title: "A geographical flow mapping program", authors: ["WR Tobler"], year: 1981),
            Publication(title: "Cellular geography", authors: ["W Tobler"], year: 1979),
        ]
        for (offset, length) in longLengths.enumerated() {
            let title = longTitle(length, seed: UInt64(offset + 1))
            list.append(Publication(title: title, authors: ["W Tobler"], year: 1990))
            // The same title with its last word changed: a variant far past the compared length.
            list.append(Publication(title: String(title.dropLast(3)) + "zzz", authors: ["W Tobler"], year: 1990))
        }
        return list
    }

    /// The work of a list of ordinary titles plus two titles of `comparedLength`: what any list
    /// with titles that long may cost.
    static let workAtTheCap: Int = {
        var work = DuplicateSearchWork()
        _ = DuplicateFinder().suggestions(in: publications(longLengths: [DuplicateKeys.comparedLength]), work: &work)
        return work.total
    }()

    @Test(arguments: [40_000, 1_000_000])
    func aPathologicalTitleCostsNoMoreThanOneAtTheCap(length: Int) {
        var work = DuplicateSearchWork()
        let suggestions = DuplicateFinder().suggestions(in: Self.publications(longLengths: [length]), work: &work)
        #expect(suggestions.map(\.members) == [[0, 1], [3, 4]])
        #expect(work.total <= Self.workAtTheCap)
        // And the cap itself is small: well under a million steps for five titles.
        #expect(Self.workAtTheCap < 1_000_000)
    }

    /// Titles within the cap are compared whole, as before: a variant differing only in the
    /// last of 500 characters is found, with its exact similarity.
    @Test func titlesWithinTheCapAreComparedWhole() throws {
        let title = Self.longTitle(500, seed: 7)
        let variant = String(title.dropLast()) + (title.last == "q" ? "r" : "q")
        let list = [Publication(title: title, authors: ["A Smith"], year: 2000), Publication(title: variant, authors: ["A Smith"], year: 2000)]
        let suggestion = try #require(DuplicateFinder().suggestions(in: list).first)
        #expect(suggestion.members == [0, 1])
        #expect(abs(suggestion.similarity - (1 - 1.0 / 500)) < 1e-9)
    }
}

import Foundation
import Testing
@testable import ScholarKit

/// The 2024 crispr page against rpidanny/google-scholar's expected parse of it. Their parser
/// is no ground truth: it keeps "[HTML][HTML]" in three titles and lists only the authors
/// that have profile links, so titles are compared without that prefix and their authors
/// must be a subsequence of ours.
@Suite(Fixtures.required) struct GoogleScholarThirdPartyCrossCheckTests {
    struct Expected: Decodable {
        struct Paper: Decodable {
            struct Citation: Decodable { let count: Int; let url: String }
            struct Author: Decodable { let name: String }
            let title: String
            let url: String
            let authors: [Author]
            let citation: Citation
        }
        let papers: [Paper]
        let totalPapers: Int
    }

    @Test func test_crisprPageAgreesWithTheThirdPartyParse() throws {
        let expected = try JSONDecoder().decode(
            Expected.self, from: Fixtures.data("\(ScholarPageFixtures.results)/gs-results-2024-rpidanny-crispr-cas9-page1.expected.json")
        )
        let page = try ScholarPageFixtures.resultsPage("gs-results-2024-rpidanny-crispr-cas9-page1.html")
        #expect(page.totalResults == expected.totalPapers)
        try #require(page.results.count == expected.papers.count)
        for (result, paper) in zip(page.results, expected.papers) {
            let theirTitle = paper.title.replacingOccurrences(of: "[HTML][HTML] ", with: "")
            #expect(result.title == theirTitle)
            #expect(result.url == paper.url)
            #expect(result.citations == paper.citation.count)
            #expect(result.citedByURL == paper.citation.url)
            let theirAuthors = paper.authors.map(\.name)
            var ours = result.authors.makeIterator()
            let isSubsequence = theirAuthors.allSatisfy { name in
                while let next = ours.next() { if next == name { return true } }
                return false
            }
            #expect(isSubsequence, "\(theirAuthors) is not within \(result.authors)")
        }
    }
}

import Foundation
import Testing
@testable import ScholarKit

@Suite struct SearchComparisonTests {
    @Test func test_comparisonMatchesPublicationsAndShowsCitationDifferences() throws {
        let workspace = try makeWorkspace()
        let before = try workspace.store(FetchedSearch(publications: [
            Publication(title: "Growth", citations: 10, clusterID: "1"),
            Publication(title: "Interpolation", citations: 5, doi: "10.1/ABC"),
            Publication(title: "Only in the first", citations: 2),
            Publication(title: "Same count", citations: 4),
        ]), parameters: scholarParameters(author: "A")).searchID
        let later = try workspace.store(FetchedSearch(publications: [
            Publication(title: "Growth (revised title)", citations: 13, clusterID: "1"),
            Publication(title: "interpolation", citations: 4, doi: "doi:10.1/abc"),
            Publication(title: "SAME COUNT", citations: 4),
            Publication(title: "Only in the second", citations: 1),
        ]), parameters: scholarParameters(author: "A")).searchID
        let comparison = try workspace.compare(before, later, options: testOptions)
        let byTitle = Dictionary(uniqueKeysWithValues: comparison.rows.map { ($0.title, $0) })
        #expect(byTitle["Growth"]?.differenceText == "+3")
        #expect(byTitle["Interpolation"]?.differenceText == "\u{2212}1")
        #expect(byTitle["Same count"]?.differenceText == "±0")
        #expect(byTitle["Only in the first"]?.differenceText == "only first")
        #expect(byTitle["Only in the second"]?.differenceText == "only second")
        #expect(comparison.rows.count == 5)
        #expect(comparison.first.report.metrics.citations == 21)
        #expect(comparison.second.report.metrics.citations == 22)
    }

    /// Issue 38: a paper one search holds but excludes is "excluded", not missing ("only first").
    @Test func test_anExcludedPublicationIsShownAsExcludedNotAsMissing() throws {
        let workspace = try makeWorkspace()
        let first = try workspace.store(fetchedPapers([3, 2]), parameters: scholarParameters(author: "A")).searchID
        let second = try workspace.store(fetchedPapers([3, 2]), parameters: scholarParameters(author: "B")).searchID
        try workspace.setExcluded([try #require(try workspace.open(second, options: testOptions).id(of: "Paper 2"))], excluded: true, in: second)
        let rows = try workspace.compare(first, second, options: testOptions).rows
        #expect(rows.first { $0.title == "Paper 2" }?.differenceText == "excluded in second")
        #expect(rows.first { $0.title == "Paper 2" }?.difference == nil)
        #expect(throws: ScholarWorkspaceError.nothingToCompare(first)) { try workspace.compare(first, first, options: testOptions) }
    }
}

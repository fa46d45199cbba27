import Foundation
import Testing
@testable import ScholarKit

@Suite struct WorkspaceRememberTests {
    private func publication(_ title: String, citations: Int, cluster: String? = nil, doi: String? = nil) -> Publication {
        Publication(title: title, authors: ["W Tobler"], year: 1970, citations: citations, doi: doi, clusterID: cluster)
    }

    @Test func test_aNewSearchWithTheSavedParametersReplaysExclusionsAndMerges() throws {
        let workspace = try makeWorkspace()
        let parameters = scholarParameters(author: "Waldo Tobler")
        let first = FetchedSearch(publications: [
            publication("A computer movie simulating urban growth", citations: 100, cluster: "111"),
            publication("A Computer Movie Simulating Urban Growth in the Detroit Region", citations: 20, cluster: "112"),
            publication("Smooth pycnophylactic interpolation", citations: 50, doi: "10.1080/01621459.1979.10481647"),
            publication("Not by Waldo Tobler at all", citations: 7),
            publication("A paper that will vanish", citations: 3),
        ])
        let earlier = try workspace.store(first, parameters: parameters).searchID
        let stored = try workspace.open(earlier, options: testOptions)
        let movie = try workspace.merge([try #require(stored.id(of: "A computer movie simulating urban growth")), try #require(stored.id(of: "A Computer Movie Simulating Urban Growth in the Detroit Region"))], in: earlier)
        try workspace.setExcluded([try #require(stored.id(of: "Not by Waldo Tobler at all")), try #require(stored.id(of: "A paper that will vanish"))], excluded: true, in: earlier)
        _ = movie
        try workspace.save(earlier)

        // The same search later: new counts, another order, a DOI link instead of a bare DOI,
        // a title written differently, one paper gone.
        let second = FetchedSearch(publications: [
            publication("Smooth Pycnophylactic Interpolation.", citations: 55, doi: "https://doi.org/10.1080/01621459.1979.10481647"),
            publication("NOT BY WALDO TOBLER, AT ALL", citations: 8),
            publication("A computer movie simulating urban growth", citations: 110, cluster: "111"),
            publication("A computer movie simulating urban growth in the Detroit region (abstract)", citations: 21, cluster: "112"),
        ])
        let outcome = try workspace.store(second, parameters: scholarParameters(author: "waldo tobler"))
        let replay = try #require(outcome.replay)
        #expect(replay.fromSearch == earlier)
        #expect(replay.mergesReplayed == 1)
        #expect(replay.exclusionsReplayed == 1)
        #expect(replay.unmatched == ["excluded: A paper that will vanish"])

        let now = try workspace.open(outcome.searchID, options: testOptions)
        let merged = try #require(now.publications.first { $0.isMerge })
        #expect(merged.publication.citations == 131)
        #expect(now.item("NOT BY WALDO TOBLER, AT ALL")?.status == .excluded)
        #expect(now.item("NOT BY WALDO TOBLER, AT ALL")?.exclusionReason == "remembered")
        #expect(now.report.metrics.citations == 186)
    }

    @Test func test_nestedMergesReplayInsideOut() throws {
        let workspace = try makeWorkspace()
        let parameters = scholarParameters(author: "A")
        let earlier = try workspace.store(fetchedPapers([5, 4, 3, 2]), parameters: parameters).searchID
        let stored = try workspace.open(earlier, options: testOptions)
        let inner = try workspace.merge([try #require(stored.id(of: "Paper 3")), try #require(stored.id(of: "Paper 4"))], in: earlier)
        _ = try workspace.merge([inner, try #require(stored.id(of: "Paper 2"))], in: earlier)
        try workspace.save(earlier)

        let outcome = try workspace.store(fetchedPapers([6, 4, 3, 2]), parameters: parameters)
        #expect(outcome.replay?.mergesReplayed == 2)
        let now = try workspace.open(outcome.searchID, options: testOptions)
        #expect(now.publications.map(\.publication.citations) == [9, 6])
        let outer = try #require(now.publications.first { $0.isMerge })
        #expect(outer.memberIDs.count == 2)
    }

    @Test func test_nothingIsReplayedWithoutASavedSearchOrWhenAskedNotTo() throws {
        let workspace = try makeWorkspace()
        let parameters = scholarParameters(author: "A")
        let earlier = try workspace.store(fetchedPapers([5, 4]), parameters: parameters).searchID
        try workspace.setExcluded([try #require(try workspace.open(earlier, options: testOptions).id(of: "Paper 1"))], excluded: true, in: earlier)
        // Not saved: a cached search hands nothing on.
        #expect(try workspace.store(fetchedPapers([5, 4]), parameters: parameters).replay == nil)
        try workspace.save(earlier)
        #expect(try workspace.store(fetchedPapers([5, 4]), parameters: parameters, remember: false).replay == nil)
        #expect(try workspace.store(fetchedPapers([5, 4]), parameters: parameters).replay?.exclusionsReplayed == 1)
    }

    /// Issue 38: a paper the name filter excludes, ticked back in by the user, stays in when the
    /// saved search is replayed; compare then shows it on both sides.
    @Test func anInclusionOfANameFilteredPaperIsReplayed() throws {
        let workspace = try makeWorkspace()
        let parameters = scholarParameters(author: "Waldo Tobler")
        // Scholar lists the 1961 thesis under "W Rudolph" only: the name filter cannot see Tobler in it.
        func results(_ citations: Int) throws -> FetchedSearch {
            var fetched = FetchedSearch(publications: [
                Publication(title: "Map transformations of geographic space", authors: ["W Rudolph"], year: 1961, citations: citations, clusterID: "9601877258764462132"),
                Publication(title: "Cellular geography", authors: ["WR Tobler"], year: 1979, citations: 1_337, clusterID: "c2"),
            ])
            fetched.excludeByName(try #require(AuthorNameFilter(searchedName: "Waldo Tobler")))
            return fetched
        }
        let earlier = try workspace.store(try results(173), parameters: parameters).searchID
        let before = try workspace.open(earlier, options: testOptions)
        #expect(before.item("Map transformations of geographic space")?.exclusionReason == "name")
        try workspace.setExcluded([try #require(before.id(of: "Map transformations of geographic space"))], excluded: false, in: earlier)
        try workspace.save(earlier)

        let outcome = try workspace.store(try results(180), parameters: parameters)
        let replay = try #require(outcome.replay)
        #expect(replay.inclusionsReplayed == 1 && replay.exclusionsReplayed == 0 && replay.unmatched.isEmpty)
        let now = try workspace.open(outcome.searchID, options: testOptions)
        #expect(now.item("Map transformations of geographic space")?.status != .excluded)
        #expect(now.report.metrics.citations == 180 + 1_337)

        let comparison = try workspace.compare(earlier, outcome.searchID, options: testOptions)
        let row = try #require(comparison.rows.first { $0.title == "Map transformations of geographic space" })
        #expect(row.differenceText == "+7")
    }

    @Test func compareShowsAPaperExcludedInOneSearchAsExcludedNotAbsent() throws {
        let workspace = try makeWorkspace()
        let first = try workspace.store(fetchedPapers([5, 4]), parameters: scholarParameters(author: "A")).searchID
        let second = try workspace.store(fetchedPapers([6, 4]), parameters: scholarParameters(author: "B")).searchID
        try workspace.setExcluded([try #require(try workspace.open(second, options: testOptions).id(of: "Paper 1"))], excluded: true, in: second)
        let rows = try workspace.compare(first, second, options: testOptions).rows
        #expect(rows.map(\.differenceText) == ["excluded in second", "±0"])
        #expect(rows.first?.difference == nil)
    }
}

import Foundation
import Markup
import Testing
@testable import ScholarKit

/// Duplicate suggestions, the homepage filter and charts on stored searches.
@Suite struct WorkspaceMatchingTests {
    private func search(_ publications: [Publication]) throws -> (ScholarWorkspace, Int64) {
        let workspace = try makeWorkspace()
        return (workspace, try workspace.store(FetchedSearch(publications: publications), parameters: scholarParameters(author: "W Tobler")).searchID)
    }

    @Test func test_duplicateSuggestionsCanBeAcceptedAsAMergeOrRejectedForGood() throws {
        let (workspace, id) = try search([
            Publication(title: "Cellular geography", authors: ["W Tobler"], year: 1979, citations: 500),
            Publication(title: "Cellular Geography.", authors: ["WR Tobler"], year: 1979, citations: 20),
            Publication(title: "Smooth pycnophylactic interpolation for geographical regions", authors: ["W Tobler"], year: 1979, citations: 900),
            Publication(title: "Smooth pycnophylactic interpolation for geographic regions", authors: ["WR Tobler"], year: 1980, citations: 30),
            Publication(title: "A computer movie", authors: ["W Tobler"], year: 1970, citations: 4000),
        ])
        let suggestions = try workspace.duplicateSuggestions(in: id, options: testOptions)
        #expect(suggestions.count == 2)
        let cellular = try #require(suggestions.first { $0.titles.contains("Cellular geography") })
        #expect(cellular.reason == .sameTitle)
        let merged = try workspace.merge(cellular.publicationIDs, in: id)
        #expect(try workspace.open(id, options: testOptions).publication(merged)?.publication.citations == 520)

        let smooth = try #require(try workspace.duplicateSuggestions(in: id, options: testOptions).first)
        #expect(smooth.reason == .similarTitle)
        try workspace.rejectDuplicates(smooth.publicationIDs, in: id)
        #expect(try workspace.duplicateSuggestions(in: id, options: testOptions).isEmpty)
        #expect(throws: ScholarWorkspaceError.unknownPublication(4_242, search: id)) { try workspace.rejectDuplicates([4_242, 1], in: id) }
    }

    @Test(Fixtures.required) func test_theHomepageFilterExcludesResultsThePageDoesNotListAndTheUserCanUndoIt() throws {
        // Two of Jon Barron's papers as listed on his page, and a namesake's paper.
        let (workspace, id) = try search([
            Publication(title: "Mip-NeRF 360: Unbounded Anti-Aliased Neural Radiance Fields", authors: ["JT Barron", "B Mildenhall"], year: 2022, citations: 900),
            Publication(title: "A General and Adaptive Robust Loss Function", authors: ["JT Barron"], year: 2019, citations: 700),
            Publication(title: "Barron's guide to the stock market", authors: ["J Barron"], year: 2001, citations: 40),
        ])
        let page = try MarkupDocument.html(Array(try Fixtures.data("scholar/homepages/hp-jon-barron-index-table-rows.html")))
        let outcome = try workspace.filterByHomepage(page, address: "index.html", searchID: id, options: testOptions)
        #expect(outcome.newlyExcluded == 1)
        #expect(outcome.results.filter(\.onHomepage).map(\.title).sorted() == ["A General and Adaptive Robust Loss Function", "Mip-NeRF 360: Unbounded Anti-Aliased Neural Radiance Fields"])
        #expect(outcome.match.homepagePublications.count == 111)

        let stored = try workspace.open(id, options: testOptions)
        let namesake = try #require(stored.item("Barron's guide to the stock market"))
        #expect(namesake.status == .excluded && namesake.exclusionReason == "homepage" && namesake.onHomepage == false)
        #expect(stored.item("A General and Adaptive Robust Loss Function")?.onHomepage == true)
        #expect(try workspace.homepage(of: id)?.address == "index.html")

        try workspace.setExcluded([namesake.id], excluded: false, in: id)
        #expect(try workspace.open(id, options: testOptions).item("Barron's guide to the stock market")?.status != .excluded)
    }

    @Test func test_aPageWithoutThePublicationsChangesNothing() throws {
        let (workspace, id) = try search([Publication(title: "Cellular geography", citations: 5), Publication(title: "A computer movie", citations: 9)])
        let page = try MarkupDocument.html("<html><body><p>Welcome to my cooking blog</p><ul><li>Bread</li><li>Soup</li></ul></body></html>")
        #expect(throws: HomepageFilterError.self) { try workspace.filterByHomepage(page, address: "blog", searchID: id, options: testOptions) }
        let stored = try workspace.open(id, options: testOptions)
        #expect(stored.publications.allSatisfy { $0.status != .excluded && $0.onHomepage == nil })
        #expect(try workspace.homepage(of: id) == nil)
    }

    @Test func test_chartsOfAStoredSearchUseItsOwnCounts() throws {
        let workspace = try makeWorkspace()
        let fetched = FetchedSearch(
            publications: [Publication(title: "A", citations: 7), Publication(title: "B", citations: 3), Publication(title: "C", citations: 1)],
            citationsPerYear: [[2020: 2, 2022: 5], [2021: 3], nil]
        )
        let id = try workspace.store(fetched, parameters: SearchParameters(source: .openalex, query: GoogleScholarQuery(author: "X")), remember: false).searchID
        let whole = try workspace.citationsPerYearChart(of: id, options: testOptions)
        #expect(whole.years == [2020, 2021, 2022])
        #expect(whole.counts == [2, 3, 5])
        let stored = try workspace.open(id, options: testOptions)
        let one = try workspace.citationsPerYearChart(of: id, publication: try #require(stored.id(of: "A")), options: testOptions)
        #expect(one.counts == [2, 0, 5])
        try workspace.setExcluded([try #require(stored.id(of: "A"))], excluded: true, in: id)
        #expect(try workspace.citationsPerYearChart(of: id, options: testOptions).counts == [3])
        #expect(try workspace.hIndexChart(of: id, options: testOptions).h == 1)
    }
}

@Suite struct HomepageAnchorTests {
    @Test(Fixtures.required) func test_genericTitlesDoNotMakeSomeoneElsesPageLookLikeTheResearchersOwn() throws {
        // Waldo Tobler's "Technical Report 93–1" is ≥ 0.8 alike to Barron's venue line
        // "Technical Report, 2010"; it must not make Barron's page a list of Tobler's papers.
        let page = try MarkupDocument.html(Array(try Fixtures.data("scholar/homepages/hp-jon-barron-index-table-rows.html")))
        let results = [
            HomepageCandidate(title: "Technical Report 93–1", authors: ["W Tobler"]),
            HomepageCandidate(title: "A computer movie simulating urban growth in the Detroit region", authors: ["W Tobler"]),
        ]
        #expect(throws: HomepageFilterError.nothingRecognisable(matchedTitles: 0)) { try HomepageFilter().match(homepage: page, results: results) }
    }

    @Test func test_aShortTitleIsMatchedOnceTheListIsKnown() throws {
        let page = try MarkupDocument.html("""
            <html><body><ul class="pubs">
            <li><span class="t">Smooth pycnophylactic interpolation for geographical regions</span></li>
            <li><span class="t">A computer movie simulating urban growth in the Detroit region</span></li>
            <li><span class="t">Cellular geography</span></li>
            </ul></body></html>
            """)
        let results = ["Smooth pycnophylactic interpolation for geographical regions", "A computer movie simulating urban growth in the Detroit region", "Cellular geography", "Bidimensional regression"]
            .map { HomepageCandidate(title: $0, authors: []) }
        let match = try HomepageFilter().match(homepage: page, results: results)
        #expect(match.resultsOnHomepage == [true, true, true, false])
        #expect(match.homepagePublications.count == 3)
    }
}

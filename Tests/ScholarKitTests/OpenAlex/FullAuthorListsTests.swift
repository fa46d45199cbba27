import Foundation
import Testing
import TestSupport
@testable import ScholarKit

/// Issue 21: a result whose author list Scholar cut before the searched name is looked up on
/// OpenAlex (a real server on 127.0.0.1 answering with a saved `/works` list) and judged again.
@Suite(Fixtures.required)
struct FullAuthorListsTests {
    private static func truncated(_ title: String, _ authors: [String], year: Int) -> Publication {
        Publication(title: title, authors: authors, authorsTruncated: true, year: year, citations: 10)
    }

    @Test func test_cutListsAreCompletedAndJudgedAgain() async throws {
        try await LocalServer.run { request in
            request.path == "/works" ? .json(OpenAlexClientTests.worksFixture) : .status(404)
        } body: { server in
            var fetched = FetchedSearch(publications: [
                // Mearman is fourth of four; Scholar showed two and "…".
                Self.truncated("Tangible papercraft visualisations for education", ["J Mearman", "P Butcher"], year: 2019),
                Self.truncated("Synthetic visualizations in web-based mixed reality", ["PD Ritsos", "J Mearman"], year: 2017),
                // The year is off by more than one: another work of the same name.
                Self.truncated("Harnessing photogrammetry to create alternative views in heritage", ["J Mearman"], year: 2004),
                Self.truncated("A paper OpenAlex does not know at all", ["X Unknown"], year: 2020),
            ])
            let filter = try #require(AuthorNameFilter(searchedName: "Jonathan C. Roberts"))
            fetched.excludeByName(filter)
            #expect(fetched.nameFilter?.keptTruncated == 4)

            let completion = try await OpenAlexClientTests.withClient(server) { client in
                try await fetched.completeAuthors(with: FullAuthorLists(client: client), filter: filter)
            }
            #expect(completion == AuthorCompletion(looked: 4, completed: 2, excluded: 0))
            #expect(fetched.publications[0].authors.contains("Jonathan C. Roberts"))
            #expect(fetched.publications[0].authorsTruncated == false)
            #expect(fetched.publications[1].authors == ["Panagiotis D. Ritsos", "Joseph Mearman", "James Jackson", "Jonathan C. Roberts"])
            #expect(fetched.publications[2].authorsTruncated && fetched.publications[3].authorsTruncated)
            #expect(fetched.exclusions.isEmpty)
            #expect(fetched.nameFilter?.keptTruncated == 2)
            let query = try #require(await server.requests().first?.query["filter"])
            #expect(query == "title.search:tangible papercraft visualisations for education")
        }
    }

    @Test func test_aWholeListWithoutTheNameExcludesTheResult() async throws {
        try await LocalServer.run { _ in .json(OpenAlexClientTests.worksFixture) } body: { server in
            var fetched = FetchedSearch(publications: [Self.truncated("Tangible papercraft visualisations for education", ["J Mearman"], year: 2019)])
            let filter = try #require(AuthorNameFilter(searchedName: "Feng Zhang"))
            fetched.excludeByName(filter)
            let completion = try await OpenAlexClientTests.withClient(server) { client in
                try await fetched.completeAuthors(with: FullAuthorLists(client: client), filter: filter)
            }
            #expect(completion.excluded == 1 && fetched.exclusions[0] == "name")
            #expect(fetched.nameFilter == AuthorNameFilter.Outcome(kept: 0, dropped: 1, keptTruncated: 0))
            #expect(completion.summary == "authors completed for 1 of 1 cut lists from OpenAlex; 1 now excluded by the name filter")
        }
    }
}

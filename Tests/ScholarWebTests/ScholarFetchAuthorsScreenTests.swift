@testable import ScholarWeb
@testable import WebCore
import WebTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import ScholarKit
import Testing

/// Issue 21: the results screen's button completes a stored search's cut author lists from
/// OpenAlex (a real server on 127.0.0.1 answering with a saved `/works` list) and judges
/// them again by the searched name.
@Suite(.enabled(if: SharedFixtures.enabled(), Comment(rawValue: SharedFixtures.skipMessage())))
struct ScholarFetchAuthorsScreenTests {
    private static func cut(_ title: String, _ authors: [String], _ year: Int) -> Publication {
        Publication(title: title, authors: authors, authorsTruncated: true, year: year, citations: 5)
    }

    @Test func test_theButtonCompletesTheCutListsAndExcludesANamesake() async throws {
        let works = ScholarAPITests.fixtures.appendingPathComponent("scholar/openalex/openalex-works-filter-author-A5017898742.json")
        let server = LocalServer { uri, _ in uri.hasPrefix("/works") ? .file(works) : LocalServer.Reply(status: 404) }
        try await server.run { base in
            try await withWebApp(sourceBase: base) { client, workspace in
                var fetched = FetchedSearch(publications: [
                    Self.cut("Tangible papercraft visualisations for education", ["J Mearman", "P Butcher"], 2019),
                    Self.cut("Harnessing photogrammetry to create alternative views in heritage", ["J Roberts", "J Mearman"], 2014),
                    Publication(title: "Visualization of patterns in data", authors: ["PD Ritsos"], year: 2010, citations: 50),
                ])
                let filter = try #require(AuthorNameFilter(searchedName: "Panagiotis D. Ritsos"))
                fetched.excludeByName(filter)
                let parameters = SearchParameters(source: .scholar, query: GoogleScholarQuery(author: "Panagiotis D. Ritsos"))
                let id = try workspace.store(fetched, parameters: parameters).searchID

                try await client.execute(uri: "/scholar/searches/\(id)", method: .get) { response in
                    #expect(response.text.contains("id=\"fetch-authors\""))
                    #expect(response.text.contains("2 of the kept have an author list cut before the name"))
                }
                try await client.execute(uri: "/scholar/searches/\(id)/fetch-authors", method: .post) { response in
                    #expect(response.status == .seeOther)
                    #expect(response.headers[.location] == "/scholar/searches/\(id)")
                }
                let stored = try workspace.open(id, options: MetricsOptions(referenceYear: 2026))
                let byTitle = Dictionary(uniqueKeysWithValues: stored.publications.map { ($0.publication.title, $0) })
                let papercraft = try #require(byTitle["Tangible papercraft visualisations for education"])
                #expect(papercraft.publication.authors == ["Joseph Mearman", "Peter Butcher", "Panagiotis D. Ritsos", "Jonathan C. Roberts"])
                #expect(!papercraft.publication.authorsTruncated && papercraft.status != .excluded)
                let namesake = try #require(byTitle["Harnessing photogrammetry to create alternative views in heritage"])
                #expect(namesake.status == .excluded && namesake.exclusionReason == "name")
                #expect(stored.summary.nameFilter == AuthorNameFilter.Outcome(kept: 2, dropped: 1, keptTruncated: 0))
                #expect(stored.summary.note?.contains("authors completed for 2 of 2 cut lists from OpenAlex; 1 now excluded by the name filter") == true)
                try await client.execute(uri: "/scholar/searches/\(id)", method: .get) { response in
                    #expect(!response.text.contains("id=\"fetch-authors\""))
                }
                try await client.execute(uri: "/scholar/searches/999/fetch-authors", method: .post) { response in
                    #expect(response.status == .notFound)
                }
            }
        }
    }
}

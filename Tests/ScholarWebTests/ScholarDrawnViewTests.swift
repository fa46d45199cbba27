@testable import ScholarWeb
@testable import WebCore
import WebTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import ScholarKit
import Testing

/// Issue 44: the publications screen and the search's JSON are drawn once per version of the
/// search and kept; every edit, whichever way it reaches the database, is on the next answer.
@Suite struct ScholarDrawnViewTests {
    @Test func aKeptPageNeverOutlivesAnEdit() async throws {
        try await withWebApp { client, workspace in
            let fetched = FetchedSearch(publications: [
                Publication(title: "Cellular geography", authors: ["WR Tobler"], year: 1979, citations: 40),
                Publication(title: "Cellular geography.", authors: ["WR Tobler"], year: 1979, citations: 3),
                Publication(title: "A computer movie", authors: ["WR Tobler"], year: 1970, citations: 20),
            ])
            let id = try workspace.store(fetched, parameters: SearchParameters(source: .file, fileName: "tobler.csv")).searchID
            for _ in 0..<2 {
                try await client.execute(uri: "/scholar/searches/\(id)/publications", method: .get) { response in
                    #expect(response.text.contains("63 citations"), "\(response.text.prefix(600))")
                    #expect(response.text.contains("possible duplicates to review"))
                }
                try await client.execute(uri: "/api/scholar/searches/\(id)", method: .get) { response in
                    let metrics = try response.json()["metrics"] as? [String: Any]
                    #expect(metrics?["citations"] as? Int == 63)
                }
            }
            // An edit by another request (here, straight on the workspace): 63 → 23 citations.
            let stored = try workspace.open(id, options: MetricsOptions(referenceYear: 2026))
            let cellular = try #require(stored.publications.first { $0.publication.title == "Cellular geography" }?.id)
            try workspace.setExcluded([cellular], excluded: true, in: id)
            try await client.execute(uri: "/scholar/searches/\(id)/publications", method: .get) { response in
                #expect(response.text.contains("23 citations"))
            }
            try await client.execute(uri: "/api/scholar/searches/\(id)", method: .get) { response in
                let metrics = try response.json()["metrics"] as? [String: Any]
                #expect(metrics?["citations"] as? Int == 23)
            }
            // Rejecting the suggested duplicates is an edit of what the screen shows too.
            let suggested = try #require(try workspace.duplicateSuggestions(in: id, options: MetricsOptions(referenceYear: 2026)).first)
            try workspace.rejectDuplicates(suggested.publicationIDs, in: id)
            try await client.execute(uri: "/scholar/searches/\(id)/publications", method: .get) { response in
                #expect(!response.text.contains("possible duplicates to review"))
            }
        }
    }
}

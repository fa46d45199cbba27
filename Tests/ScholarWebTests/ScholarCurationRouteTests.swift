@testable import ScholarWeb
@testable import WebCore
import WebTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import NIOCore
import ScholarKit
import Testing

/// Curating a search through its routes: save, delete and include through the API,
/// duplicates, the export API, graphs of a publication, and the homepage form fetching a page.
@Suite struct ScholarCurationRouteTests {
    let jsonHeaders: HTTPFields = [.contentType: "application/json"]

    @Test func test_saveIncludeDuplicatesExportAndDeleteThroughTheAPI() async throws {
        try await withWebApp(prepare: { workspace in
            _ = try workspace.store(FetchedSearch(publications: [
                Publication(title: "Cellular geography", authors: ["W Tobler"], year: 1979, citations: 10),
                Publication(title: "Cellular Geography.", authors: ["WR Tobler"], year: 1979, citations: 2),
                Publication(title: "A computer movie", authors: ["W Tobler"], year: 1970, citations: 5),
            ]), parameters: SearchParameters(source: .scholar, query: GoogleScholarQuery(author: "W Tobler")))
        }) { client, workspace in
            let searchID = try #require(try workspace.history().first?.id)
            try await client.execute(uri: "/api/scholar/searches/\(searchID)/save", method: .post) { response in
                let search = try response.json()["search"] as? [String: Any]
                #expect(search?["savedAt"] is String)
            }
            var pair: [Int] = []
            try await client.execute(uri: "/api/scholar/searches/\(searchID)/duplicates", method: .get) { response in
                let suggestions = try response.json()["suggestions"] as? [[String: Any]]
                #expect(suggestions?.count == 1)
                pair = suggestions?.first?["publicationIDs"] as? [Int] ?? []
            }
            #expect(pair.count == 2)
            try await client.execute(uri: "/api/scholar/searches/\(searchID)/duplicates/reject", method: .post, headers: jsonHeaders,
                                     body: ByteBuffer(string: #"{"publications": \#(pair)}"#)) { response in
                let remaining = try response.json()["suggestions"] as? [Any]
                #expect(remaining?.isEmpty == true)
            }
            try await client.execute(uri: "/api/scholar/searches/\(searchID)/exclude", method: .post, headers: jsonHeaders,
                                     body: ByteBuffer(string: #"{"publications": [\#(pair[0])]}"#)) { response in
                #expect(response.status == .ok)
            }
            try await client.execute(uri: "/api/scholar/searches/\(searchID)/include", method: .post, headers: jsonHeaders,
                                     body: ByteBuffer(string: #"{"publications": [\#(pair[0])]}"#)) { response in
                let metrics = try response.json()["metrics"] as? [String: Any]
                #expect(metrics?["citations"] as? Int == 17)
            }
            try await client.execute(uri: "/api/scholar/searches/\(searchID)/export?format=csv&limit=1", method: .get) { response in
                #expect(response.text.contains("Cellular geography"))
                #expect(!response.text.contains("A computer movie"))
            }
            try await client.execute(uri: "/api/scholar/searches/\(searchID)/export?format=pdf", method: .get) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/api/scholar/searches/\(searchID)", method: .delete) { response in
                #expect(response.status == .noContent)
            }
            try await client.execute(uri: "/api/scholar/searches/\(searchID)", method: .delete) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func test_aPublicationsCitationsPerYearAreDrawnOnItsDetailAndAsPNG() async throws {
        try await withWebApp(prepare: { workspace in
            _ = try workspace.store(FetchedSearch(
                publications: [Publication(title: "A", citations: 7)], citationsPerYear: [[2020: 2, 2022: 5]]
            ), parameters: SearchParameters(source: .openalex, query: GoogleScholarQuery(author: "X")), remember: false)
        }) { client, workspace in
            let searchID = try #require(try workspace.history().first?.id)
            let publication = try #require(try workspace.open(searchID, options: MetricsOptions(referenceYear: 2024)).publications.first?.id)
            try await client.execute(uri: "/scholar/searches/\(searchID)/publications/\(publication)", method: .get) { response in
                #expect(response.text.contains("<svg"))
                #expect(response.text.contains("graph.png"))
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/publications/\(publication)/graph.png", method: .get) { response in
                #expect(response.headers[.contentType] == "image/png")
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/graph", method: .get) { response in
                #expect(response.text.components(separatedBy: "<svg").count - 1 == 2)
            }
            try await client.execute(uri: "/api/scholar/searches/\(searchID)/graph?publication=\(publication)&format=png", method: .get) { response in
                #expect(Array(response.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            }
        }
    }

    @Test func test_theScreenSavesASearch() async throws {
        try await withWebApp(prepare: { workspace in
            _ = try workspace.store(FetchedSearch(publications: [Publication(title: "A", citations: 1)]), parameters: SearchParameters(source: .scholar, query: GoogleScholarQuery(author: "X")))
        }) { client, workspace in
            let searchID = try #require(try workspace.history().first?.id)
            try await client.execute(uri: "/scholar/history", method: .get) { response in
                #expect(response.text.contains("action=\"/scholar/searches/\(searchID)/save\""))
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/save", method: .post, headers: [.referer: "http://127.0.0.1/scholar/history"]) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == "/scholar/history")
            }
            #expect(try workspace.history().first?.isSaved == true)
        }
    }
}

/// The homepage form fetches the page through the HTTP layer (a local server here).
@Suite struct ScholarHomepageFetchTests {
    static let barron = SharedFixtures.url("scholar/homepages/hp-jon-barron-index-table-rows.html")

    @Test(.enabled(if: SharedFixtures.enabled("scholar/homepages"), Comment(rawValue: SharedFixtures.skipMessage("scholar/homepages"))))
    func test_theHomepageFormFetchesThePageAndMarksTheResults() async throws {
        let server = LocalServer { _, _ in .file(Self.barron, headers: ["Content-Type": "text/html; charset=utf-8"]) }
        try await server.run { base in
            try await withWebApp(prepare: { workspace in
                _ = try workspace.store(FetchedSearch(publications: [
                    Publication(title: "Mip-NeRF 360: Unbounded Anti-Aliased Neural Radiance Fields", citations: 900),
                    Publication(title: "A General and Adaptive Robust Loss Function", citations: 700),
                    Publication(title: "Barron's guide to the stock market", citations: 40),
                ]), parameters: SearchParameters(source: .file, fileName: "barron.csv"))
            }) { client, workspace in
                let searchID = try #require(try workspace.history().first?.id)
                let address = base.appendingPathComponent("index.html").absoluteString
                let form = "address=\(address.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")&titles=80&authors=68"
                try await client.execute(uri: "/scholar/searches/\(searchID)/homepage", method: .post,
                                         headers: [.contentType: "application/x-www-form-urlencoded"], body: ByteBuffer(string: form)) { response in
                    #expect(response.status == .seeOther)
                }
                try await client.execute(uri: "/scholar/searches/\(searchID)/homepage", method: .get) { response in
                    #expect(response.text.contains("class=\"found\">A General and Adaptive Robust Loss Function"))
                    #expect(response.text.components(separatedBy: "<li class=").count - 1 == 111)
                }
                let stored = try workspace.open(searchID, options: MetricsOptions(referenceYear: 2024))
                #expect(stored.report.metrics.papers == 2)
            }
        }
    }
}

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

@Suite struct ScholarAPITests {
    static let fixtures = SharedFixtures.root
    static let crispr = fixtures.appendingPathComponent("scholar/google-scholar-results/gs-results-2024-rpidanny-crispr-cas9-page1.html")
    static let available = ConditionTrait.enabled(if: SharedFixtures.enabled(), Comment(rawValue: SharedFixtures.skipMessage()))

    func body(_ json: String) -> ByteBuffer { ByteBuffer(string: json) }
    let jsonHeaders: HTTPFields = [.contentType: "application/json"]

    @Test func test_errorsAreJSONWithAStatusAndACode() async throws {
        try await withWebApp { client, _ in
            try await client.execute(uri: "/api/scholar/searches/999", method: .get) { response in
                #expect(response.status == .notFound)
                let error = try response.json()["error"] as? [String: String]
                #expect(error?["code"] == "unknown_search")
                #expect(error?["message"]?.contains("#999") == true)
            }
            try await client.execute(uri: "/api/scholar/searches", method: .post, headers: jsonHeaders, body: body("{not json")) { response in
                #expect(response.status == .badRequest)
                let error = try response.json()["error"] as? [String: String]
                #expect(error?["code"] == "malformed_json")
            }
            try await client.execute(uri: "/api/scholar/searches", method: .post, headers: jsonHeaders, body: body(#"{"source": "scholar"}"#)) { response in
                #expect(response.status == .badRequest)
                let error = try response.json()["error"] as? [String: String]
                #expect(error?["message"]?.contains("author") == true)
            }
            try await client.execute(uri: "/api/scholar/searches", method: .post, headers: jsonHeaders, body: body(#"{"author": "X", "from": "20x"}"#)) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/api/scholar/jobs/not-a-job", method: .get) { response in
                #expect(response.status == .notFound)
            }
            try await client.execute(uri: "/api/scholar/searches/abc", method: .get) { response in
                #expect(response.status == .notFound)
            }
        }
    }

    @Test func test_excludingAndMergingThroughTheAPIChangeTheMetrics() async throws {
        try await withWebApp(prepare: { _ = try storeThreePapers($0) }) { client, workspace in
            let searchID = try #require(try workspace.history().first?.id)
            let stored = try workspace.open(searchID, options: MetricsOptions(referenceYear: 2024))
            let ids = stored.publications.map(\.id)
            try await client.execute(uri: "/api/scholar/searches/\(searchID)/exclude", method: .post, headers: jsonHeaders, body: body(#"{"publications": [\#(ids[0])]}"#)) { response in
                #expect(response.status == .ok)
                let metrics = try response.json()["metrics"] as? [String: Any]
                #expect(metrics?["citations"] as? Int == 6)
            }
            try await client.execute(uri: "/api/scholar/searches/\(searchID)/merge", method: .post, headers: jsonHeaders, body: body(#"{"publications": [\#(ids[1]), \#(ids[2])]}"#)) { response in
                #expect(response.status == .ok)
                let document = try response.json()
                let merged = try #require(document["merged"] as? Int)
                let publications = (document["search"] as? [String: Any])?["publications"] as? [[String: Any]]
                #expect(publications?.first { $0["id"] as? Int == merged }?["mergeNumber"] as? Int == 1)
            }
            try await client.execute(uri: "/api/scholar/searches/\(searchID)/merge", method: .post, headers: jsonHeaders, body: body(#"{"publications": [\#(ids[0]), \#(ids[0])]}"#)) { response in
                #expect(response.status == .badRequest)
                let error = try response.json()["error"] as? [String: String]
                #expect(error?["code"] == "repeated_publication")
            }
            try await client.execute(uri: "/api/scholar/searches/\(searchID)/dissolve", method: .post, headers: jsonHeaders, body: body(#"{"publication": \#(ids[0])}"#)) { response in
                #expect(response.status == .conflict)
            }
        }
    }

    /// Issue 21: the form's "fetch the whole list" switch looks the cut author lists up on
    /// OpenAlex (here it knows none of them) and the stored search's note says what it did.
    @Test(Self.available) func test_fetchAuthorsCompletesCutListsAndSaysSo() async throws {
        let works = Self.fixtures.appendingPathComponent("scholar/openalex/openalex-works-filter-author-A5017898742.json")
        let server = LocalServer { uri, _ in uri.hasPrefix("/works") ? .file(works) : .file(Self.crispr) }
        try await server.run { base in
            try await withWebApp(sourceBase: base) { client, workspace in
                var job = ""
                try await client.execute(uri: "/api/scholar/searches", method: .post, headers: jsonHeaders, body: body(#"{"author": "Feng Zhang", "fetchAuthors": "true"}"#)) { response in
                    #expect(response.status == .accepted)
                    job = try #require(try response.json()["job"] as? String)
                }
                try await client.execute(uri: "/api/scholar/jobs/\(job)/events", method: .get) { response in
                    #expect(response.text.contains("completing 2 cut author lists from OpenAlex"))
                    #expect(response.text.contains("event: done"))
                }
                let stored = try #require(try workspace.history().first)
                #expect(stored.note == "authors completed for 0 of 2 cut lists from OpenAlex; 0 now excluded by the name filter")
                #expect(stored.nameFilter?.keptTruncated == 2)
            }
        }
        #expect(server.received.contains { $0.uri.hasPrefix("/works?filter=title.search") })
    }

    /// Issue 21: "Ask the source again" on the results screen is the CLI's --refresh: neither
    /// the stored search nor the page cache answers, and the answer is a new stored search.
    @Test(Self.available) func test_theResultsScreenRefreshesASearchFromItsSource() async throws {
        let server = LocalServer { _, _ in .file(Self.crispr) }
        try await server.run { base in
            try await withWebApp(sourceBase: base, prepare: { _ = try storeThreePapers($0) }) { client, workspace in
                try await client.execute(uri: "/api/scholar/searches", method: .post, headers: jsonHeaders, body: body(#"{"author": "Jennifer A. Doudna"}"#)) { response in
                    #expect(response.status == .accepted)
                }
                let first = try #require(try await Self.waitForSearches(2, in: workspace).first)
                try await client.execute(uri: "/scholar/searches/\(first.id)", method: .get) { response in
                    #expect(response.text.contains("id=\"refresh\""))
                }
                var progress = ""
                try await client.execute(uri: "/scholar/searches/\(first.id)/refresh", method: .post) { response in
                    #expect(response.status == .seeOther)
                    progress = try #require(response.headers[.location])
                }
                try await client.execute(uri: progress + "/events", method: .get) { response in
                    #expect(response.text.contains("event: done"))
                }
                let searches = try workspace.history()
                #expect(searches.count == 3)
                #expect(server.received.count == 2, "the page cache answered the refresh")
                let imported = try #require(searches.first { $0.parameters.source == .file })
                try await client.execute(uri: "/scholar/searches/\(imported.id)", method: .get) { response in
                    #expect(!response.text.contains("id=\"refresh\""))
                }
                try await client.execute(uri: "/scholar/searches/\(imported.id)/refresh", method: .post) { response in
                    #expect(response.status == .conflict)
                }
            }
        }
    }

    /// The history once it holds `count` searches (a search runs in the background).
    static func waitForSearches(_ count: Int, in workspace: ScholarWorkspace) async throws -> [SearchSummary] {
        for _ in 0..<200 {
            let history = try workspace.history()
            if history.count >= count { return history.filter { $0.parameters.source != .file } }
            try await Task.sleep(for: .milliseconds(25))
        }
        Issue.record("the search was not stored within 5 s")
        return []
    }

    @Test(Self.available) func test_aSearchRunsInTheBackgroundReportsProgressAndIsStored() async throws {
        let server = LocalServer { _, _ in .file(Self.crispr) }
        try await server.run { base in
            try await withWebApp(sourceBase: base) { client, workspace in
                var job = ""
                try await client.execute(uri: "/api/scholar/searches", method: .post, headers: jsonHeaders, body: body(#"{"author": "Jennifer A. Doudna", "max": "10"}"#)) { response in
                    #expect(response.status == .accepted)
                    job = try #require(try response.json()["job"] as? String)
                }
                try await client.execute(uri: "/api/scholar/jobs/\(job)/events", method: .get) { response in
                    #expect(response.headers[.contentType] == "text/event-stream")
                    #expect(response.text.contains("event: progress"))
                    #expect(response.text.contains("event: done"))
                }
                let searches = try workspace.history()
                #expect(searches.count == 1)
                #expect(searches.first?.label == "Jennifer A. Doudna")
                try await client.execute(uri: "/api/scholar/jobs/\(job)", method: .get) { response in
                    let event = try response.json()
                    #expect(event["searchID"] as? Int == Int(searches.first?.id ?? 0))
                }
            }
        }
    }

    @Test func test_cancellingASearchStopsItAndStoresNothing() async throws {
        let server = LocalServer { _, _ in LocalServer.Reply(body: "<html></html>", delay: .seconds(30)) }
        try await server.run { base in
            try await withWebApp(sourceBase: base) { client, workspace in
                var job = ""
                try await client.execute(uri: "/api/scholar/searches", method: .post, headers: jsonHeaders, body: body(#"{"author": "Slow Server"}"#)) { response in
                    job = try #require(try response.json()["job"] as? String)
                }
                try await Task.sleep(for: .milliseconds(300))
                try await client.execute(uri: "/api/scholar/jobs/\(job)/cancel", method: .post) { response in
                    #expect(response.status == .accepted)
                }
                // "cancelled", not the outcome of the server's answer 30 s later; no wall-clock
                // bound, which a loaded test machine's scheduling would decide.
                try await client.execute(uri: "/api/scholar/jobs/\(job)/events", method: .get) { response in
                    #expect(response.text.contains("event: cancelled"))
                    #expect(!response.text.contains("event: failed") && !response.text.contains("event: done"))
                }
                #expect(try workspace.history().isEmpty)
            }
        }
    }
}

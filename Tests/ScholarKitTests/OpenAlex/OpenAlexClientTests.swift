import Fetch
import Foundation
import Testing
import TestSupport
@testable import ScholarKit

/// The OpenAlex client against a real HTTP server on 127.0.0.1 serving the saved responses.
@Suite("OpenAlex client over HTTP", Fixtures.required)
struct OpenAlexClientTests {
    static let joseph = "A5017898742"

    static func fixture(_ name: String) -> Data {
        // Test-only: the suite is enabled only when the fixtures exist.
        try! Fixtures.data("scholar/openalex/\(name)")
    }

    static let searchFixture = fixture("openalex-authors-search-mearman.json")
    static let worksFixture = fixture("openalex-works-filter-author-A5017898742.json")
    static let emptyFixture = fixture("openalex-works-empty-result-cites-W3209445140.json")

    /// The saved works page with its `results` cut to `range` and `meta.next_cursor` set.
    /// No real cursor page was found (SOURCES.md, "Gaps"), so paging is built from the real
    /// page: only the results slice and `next_cursor` change; `meta.count` stays 9.
    static func worksPage(_ range: Range<Int>, nextCursor: String?) -> Data {
        var object = try! JSONSerialization.jsonObject(with: worksFixture) as! [String: Any]
        let results = object["results"] as! [Any]
        object["results"] = Array(results[range])
        var meta = object["meta"] as! [String: Any]
        meta["next_cursor"] = nextCursor ?? NSNull()
        object["meta"] = meta
        return try! JSONSerialization.data(withJSONObject: object)
    }

    static func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("openalex-tests-\(UUID().uuidString)")
    }

    /// A client of `server` through a fetcher that never waits between requests.
    static func withClient<Result: Sendable>(
        _ server: LocalServer.Running,
        apiKey: String? = nil,
        cacheDirectory: URL? = nil,
        offline: Bool = false,
        _ body: (OpenAlexClient) async throws -> Result
    ) async throws -> Result {
        let configuration = FetchConfiguration(
            cacheDirectory: cacheDirectory,
            offline: offline,
            timeout: .seconds(10),
            retryBackoff: .milliseconds(10),
            politeness: ["127.0.0.1": .none],
            defaultPoliteness: .none
        )
        return try await Fetcher.withFetcher(configuration) { fetcher in
            try await body(OpenAlexClient(fetcher: fetcher, baseURL: server.baseURL, apiKey: apiKey))
        }
    }

    /// Runs `operation` and returns the `OpenAlexError` it throws (nil when it succeeds).
    static func error(_ operation: () async throws -> some Any) async -> OpenAlexError? {
        do {
            _ = try await operation()
            return nil
        } catch let error as OpenAlexError {
            return error
        } catch {
            Issue.record("not an OpenAlexError: \(error)")
            return nil
        }
    }

    // MARK: search and paging

    @Test func test_searchThenWorksFollowsCursorOverTwoPages() async throws {
        let cursor = "IlsxNjA5MzcyODAwMDAwLCAn+/=="  // base64-like: + / = must survive the round trip
        try await LocalServer.run { request in
            let asked = request.query["cursor"]
            return switch request.path {
            case "/authors": .json(Self.searchFixture)
            case "/works" where asked == "*": .json(Self.worksPage(0..<5, nextCursor: cursor))
            case "/works" where asked == cursor: .json(Self.worksPage(5..<9, nextCursor: nil))
            default: .status(400, "unexpected \(request)")
            }
        } body: { server in
            let pages = OpenAlexProgressLog()
            let found = try await Self.withClient(server) { client in
                try await OpenAlexSource(client: client).publications(forAuthorNamed: "Joseph Mearman") { pages.add($0) }
            }
            #expect(found.author.shortID == Self.joseph)
            #expect(found.candidates.count == 8)
            #expect(found.publications.count == 9)
            #expect(found.publications.first?.title == "Alternative Representations of 3D-Reconstructed Heritage Data")
            #expect(found.publications.last?.doi == "10.2312/cgvc.20211309")
            let citations: Int = found.publications.map(\.citations).reduce(0, +)
            #expect(citations == 41)
            // Summed from the nine works' counts_by_year (2018: 5 from W2250748100 + 3 from W3200026003).
            let expectedPerYear: [Int: Int] = [
                2016: 2, 2017: 3, 2018: 8, 2019: 5, 2020: 5, 2021: 7, 2022: 2, 2023: 5, 2024: 2, 2025: 2,
            ]
            #expect(found.citationsPerYear == expectedPerYear)

            let requests = await server.requests()
            #expect(requests.map(\.path) == ["/authors", "/works", "/works"])
            #expect(requests[0].query["search"] == "Joseph Mearman")
            #expect(requests[1].query["filter"] == "author.id:A5017898742")
            #expect(requests[1].query["per_page"] == "100")
            #expect(requests[2].query["cursor"] == cursor)
            #expect(requests.allSatisfy { $0.query["api_key"] == nil })
            #expect(pages.all.map(\.page) == [1, 2])
            #expect(pages.all.last?.worksSoFar == 9)
            #expect(pages.all.last?.totalWorks == 9)
        }
    }

    @Test func test_pagingStopsAtAnEmptyPage() async throws {
        try await LocalServer.run { request in
            request.query["cursor"] == "*"
                ? .json(Self.worksPage(0..<9, nextCursor: "second"))
                : .json(Self.emptyFixture)
        } body: { server in
            let works = try await Self.withClient(server) { try await $0.works(ofAuthor: "https://openalex.org/A5017898742") }
            #expect(works.count == 9)
            #expect(await server.requestCount(path: "/works") == 2)
        }
    }

    @Test func test_maxResultsStopsPagingEarly() async throws {
        try await LocalServer.run { _ in
            .json(Self.worksPage(0..<5, nextCursor: "more"))
        } body: { server in
            let pages = OpenAlexProgressLog()
            let works = try await Self.withClient(server) { try await $0.works(ofAuthor: Self.joseph, maxResults: 3) { pages.add($0) } }
            #expect(works.map(\.shortID) == ["W2250748100", "W3200026003", "W2612755892"])
            #expect(await server.requestCount() == 1)
            #expect(pages.all == [OpenAlexProgress(page: 1, pageCount: 1, worksSoFar: 3, totalWorks: 3)])
        }
    }

    @Test func test_maxResultsZeroAsksNothing() async throws {
        try await LocalServer.run { _ in .json(Self.worksFixture) } body: { server in
            let works = try await Self.withClient(server) { try await $0.works(ofAuthor: Self.joseph, maxResults: 0) }
            #expect(works.isEmpty)
            #expect(await server.requestCount() == 0)
        }
    }

    @Test func test_apiKeyIsSentOnEveryRequestWhenSet() async throws {
        try await LocalServer.run { request in
            request.path == "/authors" ? .json(Self.searchFixture) : .json(Self.worksFixture)
        } body: { server in
            _ = try await Self.withClient(server, apiKey: "k3y+with/odd=chars") { client in
                try await OpenAlexSource(client: client).publications(forAuthorNamed: "mearman")
            }
            let requests = await server.requests()
            #expect(requests.count == 2)
            #expect(requests.allSatisfy { $0.query["api_key"] == "k3y+with/odd=chars" })
            // No exact name: the record with the most works, Andrew Mearman.
            #expect(requests.last?.query["filter"] == "author.id:A5019952124")
        }
    }

    @Test func test_searchWithNoResultIsAuthorNotFound() async throws {
        try await LocalServer.run { _ in .json(Self.emptyFixture) } body: { server in
            let error = await Self.error { try await Self.withClient(server) { try await $0.searchAuthors("Nobody Atall") } }
            #expect(error == .authorNotFound(query: "Nobody Atall"))
        }
    }

    // MARK: rate limits and credits

    @Test func test_429WithRetryAfterZeroIsRetriedThenSucceeds() async throws {
        let calls = CallCounter()
        try await LocalServer.run { _ in
            await calls.next() == 1
                ? .status(429, "Too Many Requests", headers: ["Retry-After": "0"])
                : .json(Self.searchFixture)
        } body: { server in
            let authors = try await Self.withClient(server) { try await $0.searchAuthors("mearman") }
            #expect(authors.count == 8)
            #expect(await server.requestCount(path: "/authors") == 2)
        }
    }

    @Test func test_429ThatPersistsIsRateLimited() async throws {
        try await LocalServer.run { _ in
            .status(429, "Too Many Requests", headers: ["Retry-After": "0"])
        } body: { server in
            let error = await Self.error { try await Self.withClient(server) { try await $0.searchAuthors("mearman") } }
            #expect(error == .rateLimited(retryAfter: .zero))
            // The first try and FetchConfiguration's default 3 retries.
            #expect(await server.requestCount() == 4)
        }
    }

    @Test func test_429AskingToWaitHoursIsCreditsExhausted() async throws {
        // About 15 h, what users saw after the daily budget ran out (until midnight UTC).
        try await LocalServer.run { _ in
            .status(429, "Too Many Requests", headers: ["Retry-After": "54000"])
        } body: { server in
            let error = await Self.error { try await Self.withClient(server, apiKey: "key") { try await $0.searchAuthors("mearman") } }
            #expect(error == .creditsExhausted(usingAPIKey: true))
            #expect(await server.requestCount() == 1)
        }
    }

    @Test(arguments: [
        // The wording is ours: OpenAlex documents the status codes, not the message text.
        LocalServer.Reply.json(#"{"error": "Forbidden", "message": "Daily credit limit exceeded."}"#, status: 403),
        LocalServer.Reply.json(#"{"error": "Forbidden"}"#, status: 403, headers: ["X-RateLimit-Remaining": "0"]),
    ])
    func test_403SayingTheBudgetIsSpentIsCreditsExhausted(reply: LocalServer.Reply) async throws {
        try await LocalServer.run { _ in reply } body: { server in
            let error = await Self.error { try await Self.withClient(server) { try await $0.searchAuthors("mearman") } }
            #expect(error == .creditsExhausted(usingAPIKey: false))
            #expect(error?.errorDescription?.contains("OPENALEX_API_KEY") == true)
        }
    }

    @Test func test_403RateLimitIsRateLimited() async throws {
        try await LocalServer.run { _ in
            .json(#"{"error": "Rate limit exceeded", "message": "slow down"}"#, status: 403)
        } body: { server in
            let error = await Self.error { try await Self.withClient(server) { try await $0.searchAuthors("mearman") } }
            #expect(error == .rateLimited(retryAfter: nil))
        }
    }

    // MARK: missing entities and bad answers

    @Test func test_404IsNotFound() async throws {
        try await LocalServer.run { _ in
            .json(#"{"error": "Not Found", "message": "Author A9999999999 not found"}"#, status: 404)
        } body: { server in
            let lookup = await Self.error { try await Self.withClient(server) { try await $0.author("A9999999999") } }
            #expect(lookup == .notFound(id: "A9999999999"))
            let works = await Self.error { try await Self.withClient(server) { try await $0.works(ofAuthor: "A9999999999") } }
            #expect(works == .notFound(id: "A9999999999"))
        }
    }

    @Test func test_deletedAuthorIsNotFound() async throws {
        try await LocalServer.run { request in
            request.path == "/authors/A5317838346"
                ? .json(Self.fixture("openalex-author-A5317838346-deleted.json"))
                : .status(404)
        } body: { server in
            let error = await Self.error { try await Self.withClient(server) { try await $0.author("https://openalex.org/A5317838346") } }
            #expect(error == .notFound(id: "A5317838346"))
        }
    }

    @Test func test_authorLookupByID() async throws {
        try await LocalServer.run { request in
            request.path == "/authors/A5017898742" ? .json(Self.fixture("openalex-author-A5017898742.json")) : .status(404)
        } body: { server in
            let author = try await Self.withClient(server) { try await $0.author(Self.joseph) }
            #expect(author.displayName == "Joseph Mearman")
            #expect(author.citedByCount == 41)
        }
    }

    @Test func test_malformedJSONIsBadResponseNamingTheURL() async throws {
        try await LocalServer.run { _ in
            // The saved search, cut off in the middle.
            .json(Self.searchFixture.prefix(500))
        } body: { server in
            let error = await Self.error { try await Self.withClient(server, apiKey: "secret") { try await $0.searchAuthors("mearman") } }
            guard case .badResponse(let url, _) = error else {
                Issue.record("expected badResponse, got \(String(describing: error))")
                return
            }
            #expect(url.contains("/authors?search=mearman"))
            #expect(!url.contains("secret"))
            #expect(error?.errorDescription?.contains(url) == true)
        }
    }

    // MARK: cache and offline

    @Test func test_cacheAnswersARepeatWithoutARequest() async throws {
        let cache = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        try await LocalServer.run { _ in .json(Self.searchFixture) } body: { server in
            try await Self.withClient(server, cacheDirectory: cache) { client in
                let first = try await client.searchAuthors("mearman")
                let second = try await client.searchAuthors("mearman")
                #expect(first == second)
            }
            #expect(await server.requestCount(path: "/authors") == 1)
            // A new fetcher, offline, on the same cache: answered with no request either.
            let offline = try await Self.withClient(server, cacheDirectory: cache, offline: true) { try await $0.searchAuthors("mearman") }
            #expect(offline.count == 8)
            #expect(await server.requestCount() == 1)
        }
    }

    @Test func test_offlineWithEmptyCacheIsNotCached() async throws {
        let cache = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: cache) }
        try await LocalServer.run { _ in .json(Self.searchFixture) } body: { server in
            let error = await Self.error {
                try await Self.withClient(server, apiKey: "secret", cacheDirectory: cache, offline: true) {
                    try await $0.searchAuthors("mearman")
                }
            }
            guard case .fetch(.notCached(let url)) = error else {
                Issue.record("expected notCached, got \(String(describing: error))")
                return
            }
            #expect(url.contains("/authors?search=mearman"))
            #expect(!url.contains("secret"))
            #expect(error?.errorDescription?.contains("offline") == true)
            #expect(await server.requestCount() == 0)
        }
    }
}

/// Progress reports collected from a `@Sendable` callback.
final class OpenAlexProgressLog: @unchecked Sendable {
    // Guarded by `lock`: the callback may run on any task.
    private let lock = NSLock()
    private var reports: [OpenAlexProgress] = []

    func add(_ progress: OpenAlexProgress) { lock.withLock { reports.append(progress) } }

    var all: [OpenAlexProgress] { lock.withLock { reports } }
}

/// Counts calls across the server's concurrent handlers.
actor CallCounter {
    private var value = 0

    func next() -> Int {
        value += 1
        return value
    }
}

import Synchronization
import Fetch
import Foundation
import TestSupport
import Testing
@testable import ScholarKit

/// Google Scholar searches against a real local server serving the saved Scholar pages.
@Suite(Fixtures.required) struct GoogleScholarSearchTests {
    static func page(_ name: String) -> URL { Fixtures.url("scholar/google-scholar-results/\(name)") }
    static let geomap = page("gs-results-2020-geomap-olympus-range.html")          // 10 results, "About 30"
    static let crispr = page("gs-results-2024-rpidanny-crispr-cas9-page1.html")    // 10 results
    static let single = page("gs-results-2016-goscholar-learning-deep-architectures.html")  // 1 result
    static let captcha = Fixtures.url("scholar/google-scholar-blocked/gs-blocked-2024-results-page-with-recaptcha.html")

    func configuration(offline: Bool = false, cache: URL? = nil) -> FetchConfiguration {
        FetchConfiguration(
            cacheDirectory: cache ?? FileManager.default.temporaryDirectory.appendingPathComponent("bottega-gs-\(UUID().uuidString)"),
            offline: offline, retryBackoff: .milliseconds(5), politeness: [:], defaultPoliteness: .none
        )
    }

    static func start(of uri: String) -> Int {
        URLComponents(string: uri)?.queryItems?.first { $0.name == "start" }?.value.flatMap(Int.init) ?? 0
    }

    /// Three pages: full, full, short — the search stops at the short one.
    static func threePages() -> LocalServer { LocalServer { uri, _ in
        switch start(of: uri) {
        case 0: .file(geomap)
        case 10: .file(crispr)
        default: .file(single)
        }
    } }

    @Test func pagesUntilAShortPageAndCachesEveryPage() async throws {
        let server = Self.threePages()
        let steps = Mutex<[SourceProgress]>([])
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("bottega-gs-\(UUID().uuidString)")
        try await server.run { base in
            try await Fetcher.withFetcher(configuration(cache: cache)) { fetcher in
                let search = GoogleScholarSearch(fetcher: fetcher, baseURL: base)
                let query = GoogleScholarQuery(allWords: "olympus range", pageSize: 10)
                let result = try await search.run(query) { step in steps.withLock { $0.append(step) } }
                #expect(result.results.count == 10 + 10 + 1)
                #expect(result.totalResults == 30)
                #expect(result.pagesFetched == 3 && result.pagesFromCache == 0)
                #expect(result.results.map(\.rank) == Array(1...21).map(Optional.some))
                // Geomap's first result, read from the page: "… Isaac, TJ Chinn …".
                #expect(result.results[0].authors.prefix(2) == ["MJ Isaac", "TJ Chinn"])
                let again = try await search.run(query)
                #expect(again.pagesFromCache == 3)
            }
        }
        #expect(server.received.count == 3)
        #expect(server.received.map { Self.start(of: $0.uri) } == [0, 10, 20])
        #expect(steps.withLock { $0.map(\.pages) } == [nil, 3, 3])
        // The query travels in Google's parameters.
        let first = try #require(server.received.first?.uri)
        #expect(first.contains("q=olympus%20range") && first.contains("num=10") && first.contains("as_occt=any"))
    }

    @Test func theMaximumStopsTheSearch() async throws {
        try await Self.threePages().run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let result = try await GoogleScholarSearch(fetcher: fetcher, baseURL: base).run(GoogleScholarQuery(allWords: "x", pageSize: 10, maxResults: 15))
                #expect(result.results.count == 15)
                #expect(result.pagesFetched == 2)
            }
        }
    }

    @Test func aBlockedPageMidwayIsReportedAsBlockedNotAsFewerResults() async throws {
        let server = LocalServer { uri, _ in Self.start(of: uri) == 0 ? .file(Self.geomap) : .file(Self.captcha) }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let search = GoogleScholarSearch(fetcher: fetcher, baseURL: base)
                do {
                    _ = try await search.run(GoogleScholarQuery(allWords: "x", pageSize: 10))
                    Issue.record("a CAPTCHA page was taken for results")
                } catch {
                    guard case GoogleScholarSearchError.blocked(_, let resultsSoFar) = error else { Issue.record("expected blocked, got \(error)"); return }
                    #expect(resultsSoFar == 10)
                }
                // The CAPTCHA page was not cached: asking again asks the server again.
                _ = try? await search.run(GoogleScholarQuery(allWords: "x", pageSize: 10))
            }
        }
        #expect(server.received.filter { Self.start(of: $0.uri) == 10 }.count == 2)
    }

    @Test func tooManyRequestsIsRetriedThenReportedAsBlocked() async throws {
        let onceServer = LocalServer { _, count in count == 1 ? .init(status: 429, headers: ["Retry-After": "0"]) : .file(Self.single) }
        try await onceServer.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let result = try await GoogleScholarSearch(fetcher: fetcher, baseURL: base).run(GoogleScholarQuery(allWords: "x"))
                #expect(result.results.count == 1)
            }
        }
        let alwaysServer = LocalServer { _, _ in .init(status: 429, headers: ["Retry-After": "0"]) }
        try await alwaysServer.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                await #expect(throws: GoogleScholarSearchError.blocked(reason: "HTTP 429, too many requests", resultsSoFar: 0)) {
                    try await GoogleScholarSearch(fetcher: fetcher, baseURL: base).run(GoogleScholarQuery(allWords: "x"))
                }
                return ()
            }
        }
    }

    @Test func offlineWithoutACachedPageSaysSo() async throws {
        try await Fetcher.withFetcher(configuration(offline: true)) { fetcher in
            let base = try #require(URL(string: "http://127.0.0.1:9"))
            let query = GoogleScholarQuery(author: "W Tobler")
            await #expect(throws: GoogleScholarSearchError.fetch(.notCached(url: query.url(base: base, start: 0).absoluteString))) {
                try await GoogleScholarSearch(fetcher: fetcher, baseURL: base).run(query)
            }
            return ()
        }
    }

    /// Issue 21: "Genome engineering using the CRISPR-Cas9 system" (11,960 citations) lists
    /// "FA Ran, PD Hsu, J Wright, V Agarwala… - Nature protocols" — F Zhang is behind the "…".
    /// It was dropped; it is kept, marked as truncated, and the others are stored excluded.
    @Test func aResultWhoseAuthorListIsCutBeforeTheNameIsKept() async throws {
        let server = LocalServer { _, _ in .file(Self.crispr) }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let found = try await GoogleScholarSearch(fetcher: fetcher, baseURL: base).run(GoogleScholarQuery(author: "Feng Zhang"))
                let kept = found.keptResults.map(\.title)
                #expect(kept.contains { $0.hasPrefix("Genome engineering using the CRISPR-Cas9 system") })
                let outcome = try #require(found.nameFilter)
                #expect(outcome.keptTruncated >= 1)
                #expect(outcome.kept + outcome.dropped == found.results.count && found.rejectedByName.count == outcome.dropped)
                #expect(found.rejectedByName.allSatisfy { !found.results[$0].authorsTruncated })
            }
        }
    }

    @Test func theNameFilterKeepsOnlyTheSearchedAuthorAndReportsItsEffect() async throws {
        let server = LocalServer { _, _ in .file(Self.crispr) }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let search = GoogleScholarSearch(fetcher: fetcher, baseURL: base)
                let filtered = try await search.run(GoogleScholarQuery(author: "Jennifer A. Doudna"))
                let outcome = try #require(filtered.nameFilter)
                #expect(outcome.kept + outcome.dropped == 10)
                #expect(outcome.kept >= 2 && outcome.dropped >= 1)
                #expect(filtered.keptResults.allSatisfy { $0.authors.contains { $0.contains("Doudna") } || $0.authorsTruncated })
                #expect(filtered.results.count == 10, "every result is returned; the rejected are marked")
                let unfiltered = try await search.run(GoogleScholarQuery(author: "Jennifer A. Doudna"), filterByAuthorName: false)
                #expect(unfiltered.results.count == 10 && unfiltered.nameFilter == nil)
            }
        }
    }

    @Test func citationsPerYearAskTheCitedBySearchOneYearAtATime() async throws {
        let server = LocalServer { uri, _ in uri.contains("as_ylo=2019") ? .file(Self.geomap) : .file(Self.single) }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let paper = GoogleScholarResult(title: "A paper", citations: 62, citedByURL: "/scholar?cites=123&hl=en")
                let perYear = try await GoogleScholarSearch(fetcher: fetcher, baseURL: base).citationsPerYear(of: paper, years: 2019...2020)
                // 2019: "About 30 results"; 2020: a page of one result and no count line.
                #expect(perYear.counts == [2019: 30, 2020: 1])
                #expect(perYear.datedShare == 31.0 / 62.0)
            }
        }
        #expect(server.received.allSatisfy { $0.uri.contains("cites=123") })
    }
}

import Foundation
import Testing
@testable import Fetch
import TestSupport

@Suite struct FetcherTests {
    /// A fresh cache folder, and no pauses: the server is local.
    func configuration(_ change: (inout FetchConfiguration) -> Void = { _ in }) -> FetchConfiguration {
        var configuration = FetchConfiguration(
            cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("bottega-fetch-\(UUID().uuidString)"),
            retryBackoff: .milliseconds(10),
            politeness: [:],
            defaultPoliteness: .none
        )
        change(&configuration)
        return configuration
    }

    /// Issue 21: a refused connection read "connection reset (error set): Connection refused)".
    @Test func aRefusedConnectionIsSaidInAPersonsWords() async throws {
        // Port 9 (discard): nothing listens on it on 127.0.0.1.
        let port = 9
        try await Fetcher.withFetcher(configuration { $0.retryBackoff = .milliseconds(1) }) { fetcher in
            let error = await #expect(throws: FetchError.self) { try await fetcher.get(URL(string: "http://127.0.0.1:\(port)/scholar")!) }
            #expect(error?.localizedDescription == "cannot reach 127.0.0.1: connection refused")
        }
    }

    @Test func aRepeatedRequestIsAnsweredFromTheCacheWithoutARequest() async throws {
        let server = LocalServer { _, count in .init(body: "page \(count)") }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let url = base.appendingPathComponent("scholar")
                let first = try await fetcher.get(url)
                let second = try await fetcher.get(url)
                #expect(first.text == "page 1" && !first.fromCache)
                #expect(second.text == "page 1" && second.fromCache)
                let refreshed = try await fetcher.get(FetchRequest(url: url, maxAge: .zero))
                #expect(refreshed.text == "page 2")
            }
        }
        #expect(server.received.count == 2)
        #expect(server.received.first?.userAgent == FetchConfiguration.defaultUserAgent)
    }

    @Test func offlineModeAnswersOnlyFromTheCache() async throws {
        let server = LocalServer { _, _ in .init(body: "cached page") }
        let shared = configuration()
        try await server.run { base in
            try await Fetcher.withFetcher(shared) { fetcher in _ = try await fetcher.get(base.appendingPathComponent("a")) }
            var offline = shared
            offline.offline = true
            offline.maxAge = .zero   // stale entries still answer offline
            try await Fetcher.withFetcher(offline) { fetcher in
                let cached = try await fetcher.get(base.appendingPathComponent("a"))
                #expect(cached.text == "cached page")
                let missing = base.appendingPathComponent("b")
                await #expect(throws: FetchError.notCached(url: missing.absoluteString)) { try await fetcher.get(missing) }
            }
        }
        #expect(server.received.count == 1)
    }

    @Test func aTooManyRequestsAnswerIsRetriedAfterRetryAfter() async throws {
        let server = LocalServer { _, count in
            count == 1 ? .init(status: 429, headers: ["Retry-After": "0"], body: "slow down") : .init(body: "ok")
        }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let response = try await fetcher.get(base.appendingPathComponent("x"))
                #expect(response.text == "ok")
            }
        }
        #expect(server.received.count == 2)
    }

    @Test func aRetryAfterLongerThanWeWaitIsReportedAsRateLimited() async throws {
        let server = LocalServer { _, _ in .init(status: 503, headers: ["Retry-After": "3600"]) }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let url = base.appendingPathComponent("x")
                await #expect(throws: FetchError.rateLimited(url: url.absoluteString, retryAfter: .seconds(3600))) { try await fetcher.get(url) }
            }
        }
        #expect(server.received.count == 1)
    }

    @Test func aRedirectToGooglesSorryPageIsBlocked() async throws {
        let server = LocalServer { uri, _ in
            uri.hasPrefix("/moved") ? .init(status: 302, headers: ["Location": "/landing"])
                : uri.hasPrefix("/scholar") ? .init(status: 302, headers: ["Location": "/sorry/index?continue=x"])
                : .init(body: "landing")
        }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let moved = try await fetcher.get(base.appendingPathComponent("moved"))
                #expect(moved.text == "landing" && moved.finalURL.hasSuffix("/landing"))
                do {
                    _ = try await fetcher.get(base.appendingPathComponent("scholar"))
                    Issue.record("a /sorry/ redirect was not reported")
                } catch {
                    guard case FetchError.blocked = error else { Issue.record("expected blocked, got \(error)"); return }
                }
            }
        }
    }

    @Test func aBlockCheckRejectsTheResponseAndKeepsItOutOfTheCache() async throws {
        let server = LocalServer { _, _ in .init(body: "please solve this CAPTCHA") }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let request = FetchRequest(url: base.appendingPathComponent("q")) { $0.text.contains("CAPTCHA") ? "a CAPTCHA page" : nil }
                for _ in 0..<2 {
                    await #expect(throws: FetchError.blocked(url: request.url.absoluteString, reason: "a CAPTCHA page")) { try await fetcher.get(request) }
                }
            }
        }
        #expect(server.received.count == 2)
    }

    @Test func aSlowServerTimesOut() async throws {
        let server = LocalServer { _, _ in .init(body: "late", delay: .seconds(3)) }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration { $0.timeout = .milliseconds(300) }) { fetcher in
                let url = base.appendingPathComponent("slow")
                await #expect(throws: FetchError.timeout(url: url.absoluteString)) { try await fetcher.get(url) }
            }
        }
    }

    @Test func anErrorStatusIsTypedAndNotCached() async throws {
        let server = LocalServer { _, _ in .init(status: 404, body: "no") }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let url = base.appendingPathComponent("missing")
                await #expect(throws: FetchError.http(status: 404, url: url.absoluteString)) { try await fetcher.get(url) }
                await #expect(throws: FetchError.http(status: 404, url: url.absoluteString)) { try await fetcher.get(url) }
            }
        }
        #expect(server.received.count == 2)
    }

    @Test func requestsToOneHostAreOneAtATimeWithAPauseBetween() async throws {
        let server = LocalServer { _, _ in .init(body: "x", delay: .milliseconds(50)) }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration { $0.defaultPoliteness = HostPoliteness(gapSeconds: 0.3...0.3) }) { fetcher in
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for index in 0..<3 { group.addTask { _ = try await fetcher.get(base.appendingPathComponent("p\(index)")) } }
                    try await group.waitForAll()
                }
            }
        }
        let starts = server.received.map(\.at).sorted()
        #expect(starts.count == 3)
        // Each request starts after the previous one's 50 ms answer and the 300 ms pause.
        for (earlier, later) in zip(starts, starts.dropFirst()) {
            #expect(later - earlier >= .milliseconds(340))
        }
    }

    @Test func theCacheEvictsTheOldestEntriesBeyondItsSizeCap() async throws {
        let page = String(repeating: "x", count: 4_000)
        let server = LocalServer { _, _ in .init(body: page) }
        let limited = configuration { $0.cacheSizeLimit = 10_000 }
        try await server.run { base in
            try await Fetcher.withFetcher(limited) { fetcher in
                for index in 0..<4 {
                    _ = try await fetcher.get(base.appendingPathComponent("p\(index)"))
                    try await Task.sleep(for: .milliseconds(20))   // distinct modification times
                }
                let newest = try await fetcher.get(base.appendingPathComponent("p3"))
                let oldest = try await fetcher.get(base.appendingPathComponent("p0"))
                #expect(newest.fromCache)
                #expect(!oldest.fromCache)
            }
        }
        let directory = try #require(limited.cacheDirectory)
        let bodies = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".body") }
        #expect(bodies.count <= 2)
    }

    @Test func retryAfterReadsSecondsAndHTTPDates() {
        let now = Date(timeIntervalSince1970: 784_111_777)   // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.delay("120", now: now) == .seconds(120))
        #expect(RetryAfter.delay("Sun, 06 Nov 1994 08:51:37 GMT", now: now) == .seconds(120))
        #expect(RetryAfter.delay("soon", now: now) == nil)
        #expect(RetryAfter.delay(nil, now: now) == nil)
    }

    @Test func apiKeysAreNeitherCacheKeysNorWrittenToDisk() async throws {
        let server = LocalServer { _, _ in .init(body: "works") }
        let shared = configuration()
        try await server.run { base in
            try await Fetcher.withFetcher(shared) { fetcher in
                let first = try await fetcher.get(try #require(URL(string: "\(base.absoluteString)/works?q=1&api_key=SECRET1")))
                let second = try await fetcher.get(try #require(URL(string: "\(base.absoluteString)/works?q=1&api_key=SECRET2")))
                #expect(!first.fromCache && second.fromCache)
            }
        }
        #expect(server.received.count == 1)
        let directory = try #require(shared.cacheDirectory)
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            let contents = try String(decoding: Data(contentsOf: directory.appendingPathComponent(name)), as: UTF8.self)
            #expect(!contents.contains("SECRET"), "\(name) holds the key")
        }
    }
}

import Fetch
import Foundation
import TestSupport
import Testing
@testable import ScholarKit

/// Issue 38: a server that answers every page with the same rows (a saved page served for every
/// address) must not be asked to the maximum and its rows stored again and again; Google's
/// sign-in redirect is a block wherever it comes.
@Suite(Fixtures.required) struct RepeatedPageTests {
    static let profilePage = Fixtures.url("scholar/google-scholar-profiles/gs-profile-2026-bangar-raju-cherukuri-amIMrIEAAAAJ.html")
    static let resultsPage = Fixtures.url("scholar/google-scholar-results/gs-results-2024-rpidanny-crispr-cas9-page1.html")

    func configuration() -> FetchConfiguration {
        FetchConfiguration(
            cacheDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("bottega-repeat-\(UUID().uuidString)"),
            retryBackoff: .milliseconds(5), politeness: [:], defaultPoliteness: .none)
    }

    static func parameter(_ name: String, of uri: String) -> Int {
        URLComponents(string: uri)?.queryItems?.first { $0.name == name }?.value.flatMap(Int.init) ?? 0
    }

    @Test func aProfileThatRepeatsItsPageStopsAtTheFirstRepeat() async throws {
        // The saved page has 20 rows and an enabled "Show more": a server ignoring cstart gave
        // 50 requests and 1,000 rows before.
        let once = try GoogleScholarProfilePage.parse(html: Array(try Data(contentsOf: Self.profilePage)))
        try #require(once.publications.count == 20 && once.hasMoreRows)
        let server = LocalServer { _, _ in .file(Self.profilePage) }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let profile = try await GoogleScholarProfileSource(fetcher: fetcher, baseURL: base).fetch(userID: "amIMrIEAAAAJ")
                #expect(profile.publications.count == 20)
                #expect(profile.publications.map(\.title) == once.publications.map(\.title))
                #expect(profile.repeatedPage == 21...40)
                // The metrics are those of the page's own 20 rows, not of 50 copies.
                let h = MetricsReport(publications: profile.publications.map { $0.publication() }, options: MetricsOptions(referenceYear: 2026)).metrics.h
                let rowsH = MetricsReport(publications: once.publications.map { $0.publication() }, options: MetricsOptions(referenceYear: 2026)).metrics.h
                #expect(h == rowsH)
            }
        }
        #expect(server.received.map { Self.parameter("cstart", of: $0.uri) } == [0, 20])
    }

    @Test func aProfileRepeatSaysSoInTheSearchNote() async throws {
        let server = LocalServer { _, _ in .file(Self.profilePage) }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let parameters = SearchParameters(source: .profile, profileID: "amIMrIEAAAAJ")
                let fetched = try await ScholarSearchRunner(fetcher: fetcher, scholarBaseURL: base).fetch(parameters)
                #expect(fetched.publications.count == 20)
                let note = try #require(fetched.note)
                #expect(note.contains("rows 21–40") && note.contains("already given") && note.contains("20 publications kept"))
            }
        }
    }

    @Test func aSearchThatRepeatsItsPageStopsAtTheFirstRepeat() async throws {
        let server = LocalServer { _, _ in .file(Self.resultsPage) }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                let result = try await GoogleScholarSearch(fetcher: fetcher, baseURL: base)
                    .run(GoogleScholarQuery(allWords: "crispr", pageSize: 10, maxResults: 1000))
                #expect(result.results.count == 10)
                #expect(Set(result.results.map(\.title)).count == 10)
                #expect(result.repeatedPage == 11...20)
            }
        }
        #expect(server.received.map { Self.parameter("start", of: $0.uri) } == [0, 10])
    }

    @Test(arguments: ["/citations?user=x", "/scholar?q=x"])
    func aRedirectToTheSignInPageIsABlockNotAnUnreachableHost(path: String) async throws {
        let server = LocalServer { _, _ in
            .init(status: 302, headers: ["Location": "https://accounts.google.com/ServiceLogin?continue=https://scholar.google.com/citations"])
        }
        try await server.run { base in
            try await Fetcher.withFetcher(configuration()) { fetcher in
                do {
                    if path.hasPrefix("/citations") {
                        _ = try await GoogleScholarProfileSource(fetcher: fetcher, baseURL: base).fetch(userID: "x")
                    } else {
                        _ = try await GoogleScholarSearch(fetcher: fetcher, baseURL: base).run(GoogleScholarQuery(allWords: "x"))
                    }
                    Issue.record("a sign-in redirect was taken for a page")
                } catch {
                    guard case GoogleScholarSearchError.blocked(let reason, _) = error else { Issue.record("expected blocked, got \(error)"); return }
                    #expect(reason.lowercased().contains("sign"))
                }
            }
        }
        #expect(server.received.count == 1)
    }
}

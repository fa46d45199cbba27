import Foundation
import TestSupport
import Testing

/// `bottega scholar search` against a local server serving saved Scholar pages.
@Suite(Fixtures.required) struct ScholarSearchCommandTests {
    static let results = Fixtures.root.appendingPathComponent("scholar/google-scholar-results")
    static let crispr = results.appendingPathComponent("gs-results-2024-rpidanny-crispr-cas9-page1.html")
    static let captcha = Fixtures.root.appendingPathComponent("scholar/google-scholar-blocked/gs-blocked-2020-captcha-not-a-robot.html")

    func search(_ arguments: [String], base: URL, cache: TemporaryFolder) async throws -> CommandLineRun {
        try await CommandLineRun.bottegaAsync(
            arguments: ["scholar", "search", "--scholar-url", base.absoluteString] + arguments,
            environment: ["BOTTEGA_DB": cache.path("bottega.sqlite"), "BOTTEGA_CACHE_DIR": cache.url.path, "BOTTEGA_SCHOLAR_GAP": "0"]
        )
    }

    @Test func printsTheFilteredPublicationsAndTheirMetricsAsJSON() async throws {
        let cache = try TemporaryFolder()
        let server = LocalServer { _, _ in .file(Self.crispr) }
        try await server.run { base in
            let run = try await search(["--author", "Jennifer A. Doudna", "--format", "json", "--year", "2024"], base: base, cache: cache)
            #expect(run.status == 0, "\(run.standardError)")
            let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
            let publications = try #require(object?["publications"] as? [[String: Any]])
            let metrics = try #require(object?["metrics"] as? [String: Any])
            let filter = try #require(object?["nameFilter"] as? [String: Int])
            // Nothing is lost: the rejected results are stored excluded, reason "name".
            #expect(publications.count == (filter["kept"] ?? 0) + (filter["dropped"] ?? 0))
            let byName = publications.filter { $0["exclusionReason"] as? String == "name" }
            #expect(byName.count == filter["dropped"] && byName.allSatisfy { $0["status"] as? String == "excluded" })
            #expect(metrics["papers"] as? Int == filter["kept"])
            #expect(run.standardError.contains("page 1") && run.standardError.contains("name filter: kept"))
            // Issue 21: the page is not announced as "results 1–20" before anyone knows it holds 10.
            #expect(run.standardError.contains("fetching results from 1") && !run.standardError.contains("1–20"))

            #expect(object?["searchID"] as? Int == 1)

            // The same search again is answered from the stored search, without a request…
            let again = try await search(["--author", "jennifer a.  doudna", "--format", "json"], base: base, cache: cache)
            #expect(again.status == 0 && again.standardError.contains("answered from stored search #1"))
            let reused = try JSONSerialization.jsonObject(with: Data(again.standardOutput.utf8)) as? [String: Any]
            #expect(reused?["answeredFromStore"] as? Bool == true)
            #expect((reused?["publications"] as? [Any])?.count == publications.count)

            // …and with --refresh, from the HTTP cache, stored as a new search.
            let refreshed = try await search(["--author", "Jennifer A. Doudna", "--format", "json", "--offline", "--refresh"], base: base, cache: cache)
            #expect(refreshed.status == 0 && refreshed.standardError.contains("from the cache"))
            #expect(refreshed.standardError.contains("stored as search #2"))
        }
        #expect(server.received.count == 1)
    }

    /// Issue 21: `--refresh` was still answered from the 12 h page cache.
    @Test func refreshAsksTheSourceAgain() async throws {
        let cache = try TemporaryFolder()
        let server = LocalServer { _, _ in .file(Self.crispr) }
        try await server.run { base in
            #expect(try await search(["--author", "Jennifer A. Doudna"], base: base, cache: cache).status == 0)
            let refreshed = try await search(["--author", "Jennifer A. Doudna", "--refresh"], base: base, cache: cache)
            #expect(refreshed.status == 0 && !refreshed.standardError.contains("from the cache"), "\(refreshed.standardError)")
        }
        #expect(server.received.count == 2)
    }

    /// Issue 21: every way Google refuses exits 3 — here an empty page and a sign-in redirect.
    @Test func anEmptyPageAndASignInRedirectAreBlocks() async throws {
        let cache = try TemporaryFolder()
        let empty = LocalServer { _, _ in .init(body: "") }
        try await empty.run { base in
            let run = try await search(["--author", "Waldo Tobler"], base: base, cache: cache)
            #expect(run.status == 3 && run.standardError.contains("empty page"), "\(run.standardError)")
        }
        let signIn = LocalServer { _, _ in
            .init(body: "<html><head><base href=\"https://accounts.google.com/v3/signin/\"><title>Sign in - Google Accounts</title></head><body><form action=\"https://accounts.google.com/signin\"></form>")
        }
        try await signIn.run { base in
            let run = try await search(["--profile", "XXXXXXXXXXXX", "--source", "profile"], base: base, cache: cache)
            #expect(run.status == 3 && run.standardError.contains("sign-in page"), "\(run.standardError)")
        }
    }

    /// Issue 21: zero results exited 0 with an empty stored search and no message.
    @Test func nothingFoundIsSaidAndNothingStored() async throws {
        let cache = try TemporaryFolder()
        let empty = """
            <!doctype html><html><head><title>zzqx - Google Scholar</title></head><body><div id="gs_res_ccl"><div id="gs_res_ccl_mid"></div></div>
            <div id="gs_res_ccl_top">Your search - <b>zzqx</b> - did not match any articles.</div></body></html>
            """
        let server = LocalServer { _, _ in .init(body: empty) }
        try await server.run { base in
            let run = try await search(["--words", "zzqx"], base: base, cache: cache)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardError.contains("nothing found for") && !run.standardError.contains("stored as search"))
            let history = try await CommandLineRun.bottegaAsync(
                arguments: ["scholar", "history"], environment: ["BOTTEGA_DB": cache.path("bottega.sqlite"), "BOTTEGA_CACHE_DIR": cache.url.path])
            #expect(!history.standardOutput.contains("#1"))
        }
    }

    @Test func aBlockedSearchExitsWithStatusThree() async throws {
        let cache = try TemporaryFolder()
        let server = LocalServer { _, _ in .file(Self.captcha) }
        try await server.run { base in
            let run = try await search(["--author", "W Tobler"], base: base, cache: cache)
            #expect(run.status == 3)
            #expect(run.standardError.contains("blocked"))
        }
    }

    @Test func offlineWithoutACachedPageFailsClearly() async throws {
        let cache = try TemporaryFolder()
        let run = try await CommandLineRun.bottegaAsync(
            arguments: ["scholar", "search", "--author", "W Tobler", "--offline"],
            environment: ["BOTTEGA_DB": cache.path("bottega.sqlite"), "BOTTEGA_CACHE_DIR": cache.url.path]
        )
        #expect(run.status != 0)
        #expect(run.standardError.contains("not in the cache"))
    }

    @Test func missingSearchTermsAreAUsageError() throws {
        let noTerms = try CommandLineRun.bottega("scholar", "search")
        #expect(noTerms.status != 0 && noTerms.standardError.contains("--author"))
        let noProfile = try CommandLineRun.bottega("scholar", "search", "--source", "profile")
        #expect(noProfile.status != 0 && noProfile.standardError.contains("--profile"))
    }

    /// Issue 21: `--fetch-authors` looks up on OpenAlex each result Scholar cut before the name
    /// (here OpenAlex knows none of them), says what it did, and stores the search whatever the
    /// outcome; without a name to judge by it is a usage error.
    @Test func fetchAuthorsLooksUpTheCutListsOnOpenAlex() async throws {
        let works = Fixtures.root.appendingPathComponent("scholar/openalex/openalex-works-filter-author-A5017898742.json")
        let server = LocalServer { uri, _ in uri.hasPrefix("/works") ? .file(works) : .file(Self.crispr) }
        let cache = try TemporaryFolder()
        try await server.run { base in
            let run = try await search(["--author", "Feng Zhang", "--fetch-authors", "--openalex-url", base.absoluteString, "--format", "json"], base: base, cache: cache)
            #expect(run.status == 0, "\(run.standardError)")
            let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
            let filter = try #require(object?["nameFilter"] as? [String: Int])
            let cut = try #require(filter["keptTruncated"])
            #expect(cut > 0)
            #expect(run.standardError.contains("authors completed for 0 of \(cut) cut lists from OpenAlex"), "\(run.standardError)")
            #expect(run.standardError.contains("stored as search #1"))
        }
        #expect(server.received.filter { $0.uri.hasPrefix("/works") }.count > 0)
        let usage = try CommandLineRun.bottega("scholar", "search", "--words", "crispr", "--fetch-authors")
        #expect(usage.status != 0 && usage.standardError.contains("--fetch-authors"))
    }

    /// OpenAlex as its saved answers: the author search for /authors, the works list otherwise.
    static func openAlexServer() -> LocalServer {
        let openalex = Fixtures.root.appendingPathComponent("scholar/openalex")
        return LocalServer { uri, _ in
            uri.hasPrefix("/authors") ? .file(openalex.appendingPathComponent("openalex-authors-search-mearman.json"))
                : .file(openalex.appendingPathComponent("openalex-works-filter-author-A5017898742.json"))
        }
    }

    /// The key is read by the CLI and handed to ScholarKit, which reads no environment itself.
    @Test func theOpenAlexKeyFromTheEnvironmentIsSent() async throws {
        let server = Self.openAlexServer()
        let cache = try TemporaryFolder()
        try await server.run { base in
            let run = try await CommandLineRun.bottegaAsync(
                arguments: ["scholar", "search", "--source", "openalex", "--author", "Joseph Mearman", "--openalex-url", base.absoluteString],
                environment: ["BOTTEGA_DB": cache.path("bottega.sqlite"), "BOTTEGA_CACHE_DIR": cache.url.path, "OPENALEX_API_KEY": "bottega-test-key"]
            )
            #expect(run.status == 0, "\(run.standardError)")
        }
        #expect(!server.received.isEmpty && server.received.allSatisfy { $0.uri.contains("api_key=bottega-test-key") })
    }

    @Test func openAlexWorksOfTheChosenAuthor() async throws {
        let server = Self.openAlexServer()
        let cache = try TemporaryFolder()
        try await server.run { base in
            let run = try await CommandLineRun.bottegaAsync(
                arguments: ["scholar", "search", "--source", "openalex", "--author", "Joseph Mearman", "--openalex-url", base.absoluteString, "--format", "json"],
                environment: ["BOTTEGA_DB": cache.path("bottega.sqlite"), "BOTTEGA_CACHE_DIR": cache.url.path]
            )
            #expect(run.status == 0, "\(run.standardError)")
            let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any]
            let metrics = try #require(object?["metrics"] as? [String: Any])
            // The works fixture: 9 works cited 28 + 10 + 1 + 2 times, the rest never.
            #expect(metrics["papers"] as? Int == 9)
            #expect(metrics["citations"] as? Int == 41)
            #expect(run.standardError.contains("OpenAlex author"))
            // Issue 21: every author the name matched is listed, the chosen one marked.
            #expect(run.standardError.contains("* A5017898742  Joseph Mearman") && run.standardError.contains("A5019952124  Andrew Mearman"))
            #expect(run.standardError.contains("106 works, 1069 citations"))

            // …and the user may choose another record (here the works fixture stands for its answer).
            let chosen = try await CommandLineRun.bottegaAsync(
                arguments: ["scholar", "search", "--source", "openalex", "--author", "Joseph Mearman", "--openalex-author", "A5019952124",
                            "--openalex-url", base.absoluteString, "--format", "json"],
                environment: ["BOTTEGA_DB": cache.path("bottega.sqlite"), "BOTTEGA_CACHE_DIR": cache.url.path]
            )
            #expect(chosen.status == 0 && chosen.standardError.contains("* A5019952124  Andrew Mearman"), "\(chosen.standardError)")
            let unknown = try await CommandLineRun.bottegaAsync(
                arguments: ["scholar", "search", "--source", "openalex", "--author", "Joseph Mearman", "--openalex-author", "A1",
                            "--openalex-url", base.absoluteString],
                environment: ["BOTTEGA_DB": cache.path("bottega.sqlite"), "BOTTEGA_CACHE_DIR": cache.url.path]
            )
            #expect(unknown.status != 0 && unknown.standardError.contains("A1"))

            // Years are applied to OpenAlex's works: 2015 (28 citations), 2016 (0) and 2017 (10).
            let years = try await CommandLineRun.bottegaAsync(
                arguments: ["scholar", "search", "--source", "openalex", "--author", "Joseph Mearman", "--from", "2015", "--to", "2017",
                            "--openalex-url", base.absoluteString, "--format", "json"],
                environment: ["BOTTEGA_DB": cache.path("bottega.sqlite"), "BOTTEGA_CACHE_DIR": cache.url.path]
            )
            let ranged = try JSONSerialization.jsonObject(with: Data(years.standardOutput.utf8)) as? [String: Any]
            #expect((ranged?["metrics"] as? [String: Any])?["papers"] as? Int == 3)
            #expect((ranged?["metrics"] as? [String: Any])?["citations"] as? Int == 38)
        }
    }

    @Test func theUserAgentComesFromTheEnvironment() async throws {
        let cache = try TemporaryFolder()
        let server = LocalServer { _, _ in .file(Self.crispr) }
        try await server.run { base in
            let run = try await CommandLineRun.bottegaAsync(
                arguments: ["scholar", "search", "--words", "crispr", "--scholar-url", base.absoluteString, "--max", "5"],
                environment: ["BOTTEGA_DB": cache.path("bottega.sqlite"), "BOTTEGA_CACHE_DIR": cache.url.path, "BOTTEGA_SCHOLAR_GAP": "0", "BOTTEGA_USER_AGENT": "BottegaTest/1.0"]
            )
            #expect(run.status == 0, "\(run.standardError)")
        }
        #expect(server.received.map(\.userAgent) == ["BottegaTest/1.0"])
    }
}

import Fetch
import Foundation
import ScholarKit
import Testing
import TestSupport

/// Crossref as a search source, against its recorded answers (`Tests/Recorded/crossref`,
/// SOURCES.md) served on 127.0.0.1.
@Suite struct CrossrefSourceTests {
    static let nameQuery = "crossref/works-query-author-title-rows1-select.paperqa.yaml"
    static let ecology = "crossref/works-query-ecology-select-doi-title.habanero.yaml"

    static func runner(_ fetcher: Fetcher, _ server: LocalServer.Running) -> ScholarSearchRunner {
        var runner = ScholarSearchRunner(fetcher: fetcher)
        runner.services = ServiceSettings(baseURLs: [.crossref: server.baseURL], contact: "agent@example.org")
        return runner
    }

    /// paper-qa recorded a `query.author` for a name nobody has, "Jack NoScience": Crossref still
    /// answered with Jack Wright Nelson's paper, which the name filter must set aside.
    @Test func aNameCrossrefMatchesLooselyIsJudgedByTheNameFilter() async throws {
        let recorded = try CassetteReplay.load(Self.nameQuery)[0]
        let replay = CassetteReplay([recorded])
        try await LocalServer.run({ replay.reply($0) }) { server in
            try await withLocalFetcher { fetcher in
                let fetched = try await Self.runner(fetcher, server).fetch(SearchParameters(source: .crossref, query: GoogleScholarQuery(author: "Jack NoScience")))
                #expect(fetched.publications.map(\.title) == ["Large language models and the treaty interpretation game"])
                #expect(fetched.publications.first?.authors == ["Jack Wright Nelson"])
                #expect(fetched.publications.first?.doi == "10.4337/cilj.2023.02.08")
                #expect(fetched.exclusions == [0: "name"])
                #expect(fetched.totalResults == 3975)
                let asked = try #require(await server.requests().first)
                #expect(asked.path == "/works")
                #expect(asked.query["query.author"] == "Jack NoScience")
                #expect(asked.query["mailto"] == "agent@example.org")
                #expect(asked.query["select"]?.contains("is-referenced-by-count") == true)
            }
        }
    }

    /// habanero's recorded `query.author=carl boettiger` (with `query=ecology`; 20 items, SOURCES.md):
    /// 18 with a Boettiger among the authors, Carl Boggs's chapter, and a work whose title is
    /// empty, which is no publication. The name filter keeps the 18 and sets Boggs aside.
    @Test func aRealAuthorQueryKeepsTheAuthorsWorksAndSetsTheNamesakeAside() async throws {
        let recorded = try CassetteReplay.load("crossref/works-query-author-boettiger.habanero.yaml")[0]
        let replay = CassetteReplay([recorded])
        try await LocalServer.run({ replay.reply($0) }) { server in
            try await withLocalFetcher { fetcher in
                let fetched = try await Self.runner(fetcher, server).fetch(SearchParameters(source: .crossref, query: GoogleScholarQuery(author: "Carl Boettiger")))
                #expect(fetched.publications.count == 19)
                #expect(fetched.totalResults == 1155)
                let excluded = fetched.exclusions.keys.map { fetched.publications[$0] }
                #expect(excluded.count == 1)
                #expect(excluded.first?.authors.contains { $0.hasSuffix("Boggs") } == true)
                #expect(fetched.publications.first?.title == "The forecast trap")
                #expect(fetched.publications.first?.doi == "10.1111/ele.14024")
            }
        }
    }

    /// The recorded list of 20 works cut in two at a `next-cursor` (only the items and the
    /// cursor are changed): the second page is asked with the cursor, and the years go to
    /// Crossref as its filters.
    @Test func pagesFollowTheCursorAndYearsAreCrossrefsFilters() async throws {
        let body = try CassetteReplay.load(Self.ecology)[0].body
        var first = try #require(try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        var message = try #require(first["message"] as? [String: Any])
        let items = try #require(message["items"] as? [Any])
        #expect(items.count == 20)
        message["items"] = Array(items[0..<12])
        message["next-cursor"] = "DnF1ZXJ5VGhlbkZldGNo+/="
        first["message"] = message
        var second = first
        message["items"] = Array(items[12...])
        message["next-cursor"] = nil
        second["message"] = message
        let pages = [try JSONSerialization.data(withJSONObject: first), try JSONSerialization.data(withJSONObject: second)]
        let progress = Steps()
        try await LocalServer.run({ request in .json(pages[request.query["cursor"] == "*" ? 0 : 1]) }) { server in
            try await withLocalFetcher { fetcher in
                let query = GoogleScholarQuery(author: "ecology", fromYear: 2001, toYear: 2020, maxResults: 1000)
                let found = try await CrossrefClient(fetcher: fetcher, baseURL: server.baseURL)
                    .works(byAuthor: "ecology", fromYear: query.fromYear, toYear: query.toYear, maxResults: query.maxResults) { progress.add($0) }
                #expect(found.publications.count == 20)
                #expect(found.publications.first?.title == "Communicating Ecology")
                #expect(found.publications.last?.title == "Global Ecology")
                #expect(found.total == 525_905)
                let asked = await server.requests()
                #expect(asked.map { $0.query["cursor"] } == ["*", "DnF1ZXJ5VGhlbkZldGNo+/="])
                #expect(asked.first?.query["filter"] == "from-pub-date:2001,until-pub-date:2020")
                #expect(progress.all.map(\.page) == [1, 2])
            }
        }
    }

    @Test func aShortRetryAfterIsWaitedOut() async throws {
        let body = try CassetteReplay.load(Self.ecology)[0].body
        try await LocalServer.run({ request in
            request.countForURI == 1 ? LocalServer.Reply(status: 429, headers: ["Retry-After": "1"], body: "Too Many Requests") : .json(body)
        }) { server in
            try await withLocalFetcher { fetcher in
                let found = try await CrossrefClient(fetcher: fetcher, baseURL: server.baseURL).works(byAuthor: "ecology", maxResults: 20)
                #expect(found.publications.count == 20)
                let asked = await server.requests()
                #expect(asked.count == 2)
                #expect(asked[0].at.duration(to: asked[1].at) >= .milliseconds(950))
            }
        }
    }

    /// A `Retry-After` longer than the fetcher waits (an hour) ends the search at once with a
    /// refusal that names Crossref and the wait: the CLI exits 3 and the web marks it blocked.
    @Test func aLongRetryAfterIsARefusalNamingTheWait() async throws {
        try await LocalServer.run({ _ in LocalServer.Reply(status: 429, headers: ["Retry-After": "3600"], body: "") }) { server in
            try await withLocalFetcher { fetcher in
                let error = await serviceError { try await CrossrefClient(fetcher: fetcher, baseURL: server.baseURL).works(byAuthor: "ecology", maxResults: 20) }
                #expect(error == .rateLimited(service: .crossref, retryAfter: .seconds(3600)))
                #expect(error.map(SourceRefusal.isRefusal) == true)
                #expect(error?.localizedDescription.contains("Crossref says too many requests; it asks to wait 60 minutes") == true)
                #expect(await server.requestCount() == 1)
            }
        }
    }

    @Test(.enabled(if: SharedFixtures.enabled("scholar/crossref"), Comment(rawValue: SharedFixtures.skipMessage("scholar/crossref"))))
    func aDOICrossrefDoesNotKnowIsNoWorkAndOneItKnowsIsRead() async throws {
        let work = try SharedFixtures.data("scholar/crossref/crossref-work-10.2196_22081.json")
        try await LocalServer.run({ request in request.path == "/works/10.2196/22081" ? .json(work) : .json("{}", status: 404) }) { server in
            try await withLocalFetcher { fetcher in
                let client = CrossrefClient(fetcher: fetcher, baseURL: server.baseURL)
                let found = try #require(try await client.work(doi: "https://doi.org/10.2196/22081"))
                #expect(found.citations == 10)
                #expect(found.doi == "10.2196/22081")
                #expect(try await client.work(doi: "10.9999/none") == nil)
            }
        }
    }
}

/// Progress steps collected from a `@Sendable` callback.
final class Steps: @unchecked Sendable {
    private let lock = NSLock()
    private var steps: [SourceProgress] = []

    func add(_ step: SourceProgress) { lock.withLock { steps.append(step) } }

    var all: [SourceProgress] { lock.withLock { steps } }
}

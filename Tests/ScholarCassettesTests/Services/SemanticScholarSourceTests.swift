import Fetch
import Foundation
import ScholarKit
import Testing
import TestSupport

/// Semantic Scholar as a search source and a reconciling source, against its recorded answers.
@Suite(.enabled(if: SharedFixtures.enabled("scholar/semantic-scholar"), Comment(rawValue: SharedFixtures.skipMessage("scholar/semantic-scholar"))))
struct SemanticScholarSourceTests {
    /// The recorded nine pages of author 1723755's papers (`offset`/`next`, SOURCES.md: 875
    /// papers), served by their offset whatever page size is asked.
    @Test func anAuthorsPapersFollowNextToTheEnd() async throws {
        let pages = try CassetteReplay.load("semantic-scholar/s2-cassette-get-author-papers.yaml", root: SharedFixtures.url("scholar"))
        let replay = CassetteReplay(pages, matching: ["offset"])
        let progress = Steps()
        try await LocalServer.run({ replay.reply($0, droppingPrefix: "/graph/v1") }) { server in
            try await withLocalFetcher { fetcher in
                let client = SemanticScholarClient(fetcher: fetcher, baseURL: server.baseURL, apiKey: "s2-key")
                let found = try await client.papers(ofAuthor: "1723755", expected: 875, maxResults: 1000) { progress.add($0) }
                #expect(found.papers.count == 875)
                #expect(found.papers.first?.title == "SARS-CoV-2 hijacks p38β/MAPK11 to promote virus replication")
                let asked = await server.requests()
                #expect(asked.map { $0.query["offset"] } == ["0", "100", "200", "300", "400", "500", "600", "700", "800"])
                #expect(asked.allSatisfy { $0.header("x-api-key") == "s2-key" })
                #expect(progress.all.last?.activity == "875 of 875 papers")
            }
        }
    }

    /// paper-qa's recorded `/paper/DOI:…` answer (citationCount 1) found by the DOI a stored
    /// search holds, and a paper Semantic Scholar does not know left unmatched.
    @Test func reconcilingFindsAPaperByItsDOI() async throws {
        let recorded = try CassetteReplay.load("semanticscholar/paper-doi-10.1101_2024.04.01.587366.paperqa.yaml")
        let paper = try #require(recorded.first { $0.uri.contains("/graph/v1/paper/DOI:") })
        try await LocalServer.run({ request in
            request.path == "/paper/DOI:10.1101/2024.04.01.587366" ? .json(paper.body) : .json(#"{"error":"Paper not found"}"#, status: 404)
        }) { server in
            try await withLocalFetcher { fetcher in
                var runner = ScholarSearchRunner(fetcher: fetcher)
                runner.services = ServiceSettings(baseURLs: [.semanticScholar: server.baseURL])
                let papers: [(id: Int64, publication: Publication)] = [
                    (1, Publication(title: "High-throughput screening of human genetic variants by pooled prime editing", year: 2024, citations: 3, doi: "10.1101/2024.04.01.587366")),
                    (2, Publication(title: "Nobody has this one", year: 2020, citations: 7)),
                ]
                let reconciliation = try await runner.reconcile(papers, searchSource: "Google Scholar", with: [.semanticScholar], factor: 2)
                #expect(reconciliation.rows[0].found(in: .semanticScholar) == Reconciliation.Found(
                    citations: 1, evidence: .doi, title: "High-throughput screening of human genetic variants by pooled prime editing",
                    doi: "10.1101/2024.04.01.587366"))
                #expect(reconciliation.rows[1].found.isEmpty)
                // 3 against 1 is more than twice apart; the other is known to no other source.
                #expect(reconciliation.disagreeing.map(\.publicationID) == [1])
                #expect(reconciliation.knownToOneSource.map(\.publicationID) == [2])
                #expect(reconciliation.stopped.isEmpty)
            }
        }
    }

    /// A source that refuses part-way is stopped and named; what it answered before stays.
    @Test func aSourceThatRefusesIsStoppedAndNamed() async throws {
        try await LocalServer.run({ _ in LocalServer.Reply(status: 429, headers: ["Retry-After": "7200"], body: "") }) { server in
            try await withLocalFetcher { fetcher in
                var runner = ScholarSearchRunner(fetcher: fetcher)
                runner.services = ServiceSettings(baseURLs: [.semanticScholar: server.baseURL])
                let papers: [(id: Int64, publication: Publication)] = [(1, Publication(title: "One", citations: 1, doi: "10.1/one")), (2, Publication(title: "Two", citations: 1))]
                let reconciliation = try await runner.reconcile(papers, searchSource: "Google Scholar", with: [.semanticScholar], factor: 2)
                #expect(reconciliation.stopped["semantic-scholar"]?.hasPrefix("Semantic Scholar stopped after 0 of 2 papers: Semantic Scholar says too many requests") == true)
                #expect(await server.requestCount() == 1)
            }
        }
    }

    /// The recorded author search for "turing" (55 records, eight of them "A. Turing" or "Alan
    /// Turing", SOURCES.md) and A. Turing's own record's 60 papers (its `papers`, as one page):
    /// the three records named exactly "A. Turing" go first, and the one with the most papers,
    /// 2262347, is taken; every record is listed to choose from.
    @Test func namesakesAreListedAndTheExactNameWithTheMostPapersIsTaken() async throws {
        let search = try #require(try CassetteReplay.load("semanticscholar/author-search-turing.semanticscholar.yaml").first).body
        let author = try #require(try JSONSerialization.jsonObject(with: SharedFixtures.data("scholar/semantic-scholar/s2-author-2262347-turing-with-papers.json")) as? [String: Any])
        let page = try JSONSerialization.data(withJSONObject: ["offset": 0, "data": author["papers"] ?? []])
        try await LocalServer.run({ request in
            switch request.path {
            case "/author/search": .json(search)
            case "/author/2262347/papers": .json(page)
            default: .json(#"{"error":"Author not found"}"#, status: 404)
            }
        }) { server in
            try await withLocalFetcher { fetcher in
                var runner = ScholarSearchRunner(fetcher: fetcher)
                runner.services = ServiceSettings(baseURLs: [.semanticScholar: server.baseURL])
                let fetched = try await runner.fetch(SearchParameters(source: .semanticScholar, query: GoogleScholarQuery(author: "A. Turing")))
                #expect(fetched.authorCandidates.count == 55)
                #expect(fetched.authorCandidates.filter(\.isChosen).map(\.id) == ["2262347"])
                #expect(fetched.authorCandidates.first { $0.id == "2079681794" }?.citations == 21217)
                #expect(fetched.publications.count == 60)
                // SOURCES.md of the shared fixture: the papers' citations sum to 12,416, h 23.
                #expect(fetched.publications.map(\.citations).reduce(0, +) == 12_416)
                #expect(MetricsReport(publications: fetched.publications, options: MetricsOptions(referenceYear: 2024)).metrics.h == 23)
                #expect(fetched.note == "Semantic Scholar author A. Turing (2262347), chosen among 55 name matches")
                let asked = await server.requests()
                #expect(asked.first?.query["query"] == "A. Turing")

                // Choosing another namesake asks for that one's papers.
                _ = await serviceError {
                    try await runner.fetch(SearchParameters(source: .semanticScholar, query: GoogleScholarQuery(author: "A. Turing"), authorID: "2079681794"))
                }
                #expect(await server.requests().last?.path == "/author/2079681794/papers")
                // One the search did not list is refused, naming it.
                let unknown = await serviceError {
                    try await runner.fetch(SearchParameters(source: .semanticScholar, query: GoogleScholarQuery(author: "A. Turing"), authorID: "1"))
                }
                #expect(unknown == .notFound(service: .semanticScholar, what: "author 1 among those named \"A. Turing\""))
            }
        }
    }
}

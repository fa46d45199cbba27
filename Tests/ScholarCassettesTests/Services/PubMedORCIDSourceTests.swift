import Fetch
import Foundation
import ScholarKit
import Testing
import TestSupport

/// PubMed and ORCID as search sources, on 127.0.0.1.
@Suite struct PubMedORCIDSourceTests {
    /// The esummary is NCBI's real JSON (`Tests/Recorded/pubmed`). No real JSON esearch answer
    /// was found in public test data (SOURCES.md), so the esearch here is written from E-utilities'
    /// documented shape around that article's id; only the id list and the count matter to the client.
    static let esearch = #"{"header":{"type":"esearch","version":"0.3"},"esearchresult":{"count":"1","retmax":"1","retstart":"0","idlist":["28806736"],"translationset":[],"querytranslation":"Karamichos D[Author]"}}"#

    @Test func anAuthorsArticlesComeWithoutCitationsAndSaySo() async throws {
        let summary = try RecordedAnswers.bytes("pubmed/esummary-pmid-28806736.journal-club.json")
        try await LocalServer.run({ request in
            switch request.path {
            case "/esearch.fcgi": .json(Self.esearch)
            case "/esummary.fcgi" where request.query["id"] == "28806736": LocalServer.Reply(headers: ["Content-Type": "application/json"], bytes: summary)
            default: .json("{}", status: 404)
            }
        }) { server in
            try await withLocalFetcher { fetcher in
                var runner = ScholarSearchRunner(fetcher: fetcher)
                runner.services = ServiceSettings(baseURLs: [.pubmed: server.baseURL], ncbiKey: "k3y", contact: "agent@example.org")
                let fetched = try await runner.fetch(SearchParameters(source: .pubmed, query: GoogleScholarQuery(author: "Karamichos D", fromYear: 2015)))
                let article = try #require(fetched.publications.first)
                #expect(fetched.publications.count == 1)
                // PubMed's full stop at the end of the title is not part of it.
                #expect(article.title == "Unravelling the interplay of sphingolipids and TGF-β signaling in the human corneal stroma")
                #expect(article.authors.count == 5)
                #expect(article.authors.first == "Nicholas SE")
                #expect(article.authors.last == "Karamichos D")
                #expect(article.year == 2017)
                #expect(article.venue == "PloS one")
                #expect(article.doi == "10.1371/journal.pone.0182390")
                #expect(article.citations == 0)
                #expect(fetched.note?.contains("PubMed gives no citation counts") == true)
                let asked = await server.requests()
                #expect(asked.first?.query["term"] == "Karamichos D[Author]")
                #expect(asked.first?.query["mindate"] == "2015")
                #expect(asked.first?.query["datetype"] == "pdat")
                #expect(asked.allSatisfy { $0.query["tool"] == "bottega" && $0.query["email"] == "agent@example.org" && $0.query["api_key"] == "k3y" })
            }
        }
    }

    @Test func aNameWithNoArticlesIsAuthorNotFound() async throws {
        let none = #"{"esearchresult":{"count":"0","retmax":"0","retstart":"0","idlist":[]}}"#
        try await LocalServer.run({ _ in .json(none) }) { server in
            try await withLocalFetcher { fetcher in
                let error = await serviceError { try await PubMedClient(fetcher: fetcher, baseURL: server.baseURL).articles(byAuthor: "Nobody Q", maxResults: 10) }
                #expect(error == .authorNotFound(service: .pubmed, query: "Nobody Q"))
            }
        }
    }

    /// The ORCID works list of SOURCES.md's researcher: 111 work groups, one publication each.
    @Test(.enabled(if: SharedFixtures.enabled("scholar/orcid"), Comment(rawValue: SharedFixtures.skipMessage("scholar/orcid"))))
    func anORCIDSearchIsTheResearchersWorks() async throws {
        let works = try SharedFixtures.data("scholar/orcid/orcid-works-0000-0003-1444-9135.json")
        try await LocalServer.run({ request in
            request.path == "/0000-0003-1444-9135/works" ? .json(works) : .json(#"{"response-code":404}"#, status: 404)
        }) { server in
            try await withLocalFetcher { fetcher in
                var runner = ScholarSearchRunner(fetcher: fetcher)
                runner.services = ServiceSettings(baseURLs: [.orcid: server.baseURL])
                let fetched = try await runner.fetch(SearchParameters(source: .orcid, profileID: "0000-0003-1444-9135"))
                #expect(fetched.publications.count == 111)
                #expect(fetched.publications.allSatisfy { $0.citations == 0 })
                #expect(fetched.note?.contains("ORCID gives no citation counts") == true)
                #expect(await server.requests().first?.header("Accept") == "application/vnd.orcid+json")

                let unknown = await serviceError { try await runner.fetch(SearchParameters(source: .orcid, profileID: "0000-0002-1825-0097")) }
                #expect(unknown == .notFound(service: .orcid, what: "record 0000-0002-1825-0097"))
                // A wrong check digit is refused before anything is asked.
                let before = await server.requestCount()
                let wrong = await serviceError { try await runner.fetch(SearchParameters(source: .orcid, profileID: "0000-0002-1825-0098")) }
                #expect(wrong.map { if case .invalidRequest(.orcid, _) = $0 { true } else { false } } == true)
                #expect(await server.requestCount() == before)
            }
        }
    }
}

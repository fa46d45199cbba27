@testable import ScholarWeb
@testable import WebCore
import WebTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import ScholarKit
import Testing

/// Issue 43's screens and their JSON twins, the sources answering from their recorded answers
/// on 127.0.0.1: reconcile (Crossref's `/works/{doi}`, OpenAlex's `/works/doi:…`) and the
/// researcher's ORCID list as the filter.
@Suite(.enabled(if: SharedFixtures.enabled(), Comment(rawValue: SharedFixtures.skipMessage())))
struct ScholarSourcesScreenTests {
    static let crossrefWork = try! SharedFixtures.data("scholar/crossref/crossref-work-10.2196_22081.json")
    static let orcidWorks = try! SharedFixtures.data("scholar/orcid/orcid-works-0000-0003-1444-9135.json")

    /// The first work of the recorded OpenAlex list (DOI 10.1145/2795233, cited 28 times), as
    /// OpenAlex answers a lookup of one work.
    static func openAlexWork() throws -> Data {
        let list = try SharedFixtures.data("scholar/openalex/openalex-works-filter-author-A5017898742.json")
        let object = try #require(try JSONSerialization.jsonObject(with: list) as? [String: Any])
        let first = try #require((object["results"] as? [Any])?.first)
        return try JSONSerialization.data(withJSONObject: first)
    }

    static func sources(_ openAlexWork: Data) -> LocalServer {
        LocalServer(reply: { request in
            switch request.path {
            case "/works/10.2196/22081": .json(Self.crossrefWork)
            case "/works/doi:10.1145/2795233": .json(openAlexWork)
            case "/0000-0003-1444-9135/works": .json(Self.orcidWorks)
            default: .json(#"{"status":"error","message":"not found"}"#, status: 404)
            }
        })
    }

    static func waitForReconciliation(of id: Int64, in workspace: ScholarWorkspace) async throws -> Reconciliation? {
        for _ in 0..<400 {
            if let found = try workspace.reconciliation(of: id) { return found }
            try await Task.sleep(for: .milliseconds(25))
        }
        Issue.record("no reconciliation was stored within 10 s")
        return nil
    }

    @Test func reconcileShowsEachSourcesCountAndFlagsWhatDisagrees() async throws {
        let server = Self.sources(try Self.openAlexWork())
        try await server.run { base in
            try await withWebApp(sourceBase: base) { client, workspace in
                // Counts as Google Scholar might hold them: 40 where Crossref counts 10 (more than
                // twice apart), 28 as OpenAlex counts, and a paper no other source knows.
                let fetched = FetchedSearch(publications: [
                    Publication(title: "Investigating Patients’ Intention to Continue Using Teleconsultation to Anticipate Postcrisis Momentum: Survey Study",
                                year: 2020, citations: 40, doi: "10.2196/22081"),
                    Publication(title: "Alternative Representations of 3D-Reconstructed Heritage Data", year: 2015, citations: 28, doi: "10.1145/2795233"),
                    Publication(title: "A working paper nobody indexed", year: 2024, citations: 3),
                ])
                let id = try workspace.store(fetched, parameters: SearchParameters(source: .scholar, query: GoogleScholarQuery(author: "Someone"))).searchID
                try await client.execute(uri: "/scholar/searches/\(id)/reconcile", method: .get) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains("id=\"reconcile-form\""))
                    #expect(!response.text.contains("id=\"reconcile-rows\""))
                }
                try await client.execute(uri: "/api/scholar/searches/\(id)/reconciliation", method: .get) { response in
                    #expect(response.status == .notFound)
                    let error = try response.json()["error"] as? [String: Any]
                    #expect(error?["code"] as? String == "no_reconciliation")
                }
                try await client.execute(
                    uri: "/scholar/searches/\(id)/reconcile", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "with=crossref&with=openalex&factor=2")
                ) { response in
                    #expect(response.status == .seeOther)
                    #expect(response.headers[.location]?.hasPrefix("/scholar/progress/") == true)
                }
                let found = try #require(try await Self.waitForReconciliation(of: id, in: workspace))
                let byTitle = Dictionary(uniqueKeysWithValues: found.rows.map { ($0.year ?? 0, $0) })
                #expect(byTitle[2020]?.found(in: .crossref) == Reconciliation.Found(
                    citations: 10, evidence: .doi,
                    title: "Investigating Patients’ Intention to Continue Using Teleconsultation to Anticipate Postcrisis Momentum: Survey Study",
                    doi: "10.2196/22081"))
                #expect(byTitle[2015]?.found(in: .openalex)?.citations == 28)
                #expect(byTitle[2015]?.found(in: .crossref) == nil)
                #expect(found.disagreeing.map(\.year) == [2020])
                #expect(found.knownToOneSource.map(\.year) == [2024])

                try await client.execute(uri: "/scholar/searches/\(id)/reconcile", method: .get) { response in
                    #expect(response.text.contains("id=\"reconcile-rows\""))
                    #expect(response.text.contains("1 papers whose counts differ by more than 2×"))
                    #expect(response.text.contains("<dt>Crossref</dt><dd>10 <span class=\"small\">DOI</span></dd>"))
                    #expect(response.text.contains("<em>only here</em>"))
                }
                try await client.execute(uri: "/api/scholar/searches/\(id)/reconciliation", method: .get) { response in
                    let document = try response.json()
                    let columns = try #require(document["columns"] as? [[String: Any]])
                    #expect(columns.map { $0["key"] as? String } == ["search", "crossref", "openalex"])
                    // Metrics on each source's counts: h 3 on the search's (40, 28, 3), 1 on Crossref's (10, 0, 0).
                    #expect(columns.map { $0["h"] as? Int } == [3, 1, 1])
                    #expect(columns.map { $0["citations"] as? Int } == [71, 10, 28])
                }
                // dblp's XML is read, never written: both exports say so instead of failing.
                try await client.execute(uri: "/scholar/searches/\(id)/export/download?format=dblp", method: .get) { response in
                    #expect(response.status == .badRequest)
                }
                try await client.execute(uri: "/api/scholar/searches/\(id)/export?format=xml", method: .get) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.text.contains("invalid_format"))
                }
                try await client.execute(
                    uri: "/api/scholar/searches/\(id)/reconciliation", method: .post, headers: [.contentType: "application/json"],
                    body: ByteBuffer(string: #"{"with": "crossref,scopus"}"#)
                ) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.text.contains("scopus is not a source to reconcile with"))
                }
            }
        }
    }

    @Test func theResearchersORCIDListKeepsTheirPapersAndSaysByWhichEvidence() async throws {
        let server = Self.sources(Data())
        try await server.run { base in
            try await withWebApp(sourceBase: base) { client, workspace in
                // One of the researcher's works (ORCID lists it, with the same title and year) and a namesake's.
                let fetched = FetchedSearch(publications: [
                    Publication(title: "Phylogeny based biodiversity data queries", authors: ["S Chamberlain"], year: 2018, citations: 2),
                    Publication(title: "Chamberlain's theorem for graded rings", authors: ["S Chamberlain"], year: 2011, citations: 9),
                ])
                let id = try workspace.store(fetched, parameters: SearchParameters(source: .scholar, query: GoogleScholarQuery(author: "Scott Chamberlain"))).searchID
                try await client.execute(
                    uri: "/scholar/searches/\(id)/own-list", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "orcid=0000-0003-1444-9135&dblp=")
                ) { response in
                    #expect(response.status == .ok)
                    #expect(response.text.contains("orcid:0000-0003-1444-9135 lists 111 works · 1 results on the list (0 by DOI) · 1 newly excluded"))
                    #expect(response.text.contains("Chamberlain&#39;s theorem for graded rings <span class=\"small\">not listed</span>") || response.text.contains("Chamberlain&#x27;s theorem for graded rings <span class=\"small\">not listed</span>"))
                }
                let stored = try workspace.open(id, options: MetricsOptions(referenceYear: 2026))
                #expect(stored.publications.map(\.exclusionReason) == [nil, "homepage"])

                try await client.execute(
                    uri: "/scholar/searches/\(id)/own-list", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "orcid=0000-0003-1444-913X")
                ) { response in
                    #expect(response.status == .badRequest)
                    #expect(response.text.contains("is not an ORCID iD"))
                }
                try await client.execute(
                    uri: "/scholar/searches/\(id)/own-list", method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                    body: ByteBuffer(string: "orcid=0000-0002-1825-0097")
                ) { response in
                    #expect(response.status == .unprocessableContent)
                    #expect(response.text.contains("ORCID has no record 0000-0002-1825-0097"))
                }
                // The JSON twin takes the list itself, as the homepage API takes the page.
                let list = String(decoding: Self.orcidWorks, as: UTF8.self)
                let body = try JSONSerialization.data(withJSONObject: ["list": list, "file": "works.json", "source": "orcid:0000-0003-1444-9135"])
                try await client.execute(
                    uri: "/api/scholar/searches/\(id)/own-list", method: .post, headers: [.contentType: "application/json"], body: ByteBuffer(data: body)
                ) { response in
                    let document = try response.json()
                    #expect(document["listed"] as? Int == 111)
                    #expect((document["results"] as? [[String: Any]])?.map { $0["evidence"] as? String } == ["title", "none"])
                }
            }
        }
    }
}

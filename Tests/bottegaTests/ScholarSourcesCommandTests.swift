import Foundation
import TestSupport
import Testing

/// The issue-43 sources on the command line: `scholar search --source crossref|orcid`, a rate
/// limit's exit status, and `scholar reconcile`, against a local server answering with Crossref's
/// two recorded works (`../shared/fixtures/scholar/crossref`).
@Suite(Fixtures.required) struct ScholarSourcesCommandTests {
    static let teleconsultation = try! Data(contentsOf: Fixtures.root.appendingPathComponent("scholar/crossref/crossref-work-10.2196_22081.json"))
    static let literatureReviews = try! Data(contentsOf: Fixtures.root.appendingPathComponent("scholar/crossref/crossref-work-10.17705_1cais.04607.json"))

    /// Crossref's list envelope around the two recorded works (only the envelope is ours).
    static func workList() throws -> Data {
        let items = try [teleconsultation, literatureReviews].map { data in
            try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["message"])
        }
        return try JSONSerialization.data(withJSONObject: [
            "status": "ok", "message-type": "work-list", "message": ["total-results": 2, "items": items],
        ])
    }

    static func crossref() throws -> LocalServer {
        let list = try workList()
        return LocalServer(reply: { request in
            switch request.path {
            case "/works" where request.query["query.author"] != nil: .json(list)
            case "/works/10.2196/22081": .json(Self.teleconsultation)
            default: .json(#"{"status":"error"}"#, status: 404)
            }
        })
    }

    @Test func aCrossrefSearchKeepsTheAuthorsPaperAndSetsTheOtherAside() async throws {
        let session = try WorkspaceSession()
        let server = try Self.crossref()
        try await server.run { base in
            let run = try await CommandLineRun.bottegaAsync(
                arguments: ["scholar", "search", "--source", "crossref", "--author", "Louis Raymond", "--service-url", "crossref=\(base.absoluteString)", "--format", "json"],
                environment: session.environment.merging(["BOTTEGA_CONTACT": "agent@example.org"]) { $1 })
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardError.contains("name filter: kept 1"), "\(run.standardError)")
            #expect(run.standardError.contains("Crossref works whose authors match \"Louis Raymond\": 2 in all"))
            let request = try #require(await server.requests().first)
            #expect(request.query["mailto"] == "agent@example.org")
        }
        let shown = try session.json(try session.bottega("scholar", "show", "1", "--format", "json"))
        let publications = try #require(shown["publications"] as? [[String: Any]])
        let reasons = publications.map { item in
            let publication = item["publication"] as? [String: Any]
            return (publication?["title"] as? String ?? "", publication?["exclusionReason"] as? String ?? "kept")
        }
        #expect(reasons.count == 2)
        #expect(reasons.first { $0.0.hasPrefix("Investigating Patients") }?.1 == "kept")
        #expect(reasons.first { $0.0.hasPrefix("A Knowledge Development Perspective") }?.1 == "name")
    }

    @Test func aRateLimitExitsWithThreeAndBadSourcesAreRefused() async throws {
        let session = try WorkspaceSession()
        let server = LocalServer(reply: { _ in LocalServer.Reply(status: 429, headers: ["Retry-After": "3600"], body: "") })
        try await server.run { base in
            let run = try await CommandLineRun.bottegaAsync(
                arguments: ["scholar", "search", "--source", "semantic-scholar", "--author", "A. Turing", "--service-url", "semantic-scholar=\(base.absoluteString)"],
                environment: session.environment)
            #expect(run.status == 3, "\(run.standardError)")
            #expect(run.standardError.contains("Semantic Scholar says too many requests; it asks to wait 60 minutes"))
        }
        let noAuthor = try session.bottega("scholar", "search", "--source", "pubmed")
        #expect(noAuthor.status != 0 && noAuthor.standardError.contains("--source pubmed needs --author NAME"))
        let badORCID = try session.bottega("scholar", "search", "--source", "orcid", "--profile", "0000-0003-1444-9136")
        #expect(badORCID.status != 0 && badORCID.standardError.contains("is not an ORCID iD"))
        let badURL = try session.bottega("scholar", "search", "--source", "dblp", "--author", "X", "--service-url", "dblp=ftp://x")
        #expect(badURL.status != 0 && badURL.standardError.contains("ftp://x is not an http(s) address"))
    }

    @Test func reconcileShowsBothCountsAndKeepsTheResult() async throws {
        let session = try WorkspaceSession()
        let list = try session.folder.write("scholar.jsonl", """
            {"title": "Investigating patients' intention to continue using teleconsultation", "year": 2020, "citations": 31, "doi": "10.2196/22081"}
            {"title": "A paper only Scholar has", "year": 2019, "citations": 2}

            """)
        let id = try session.importFile(list)
        let server = try Self.crossref()
        try await server.run { base in
            let run = try await CommandLineRun.bottegaAsync(
                arguments: ["scholar", "reconcile", String(id), "--with", "crossref", "--service-url", "crossref=\(base.absoluteString)"],
                environment: session.environment)
            #expect(run.status == 0, "\(run.standardError)")
            #expect(run.standardOutput.contains("10 (DOI)"), "\(run.standardOutput)")
            #expect(run.standardOutput.contains("Crossref: found 1 of 2 (1 by DOI, 0 by title); h 1, g 2, 10 citations"))
            #expect(run.standardOutput.contains("1 papers whose counts differ by more than 2×; 1 known to no other source"))
            let json = try await CommandLineRun.bottegaAsync(
                arguments: ["scholar", "reconcile", String(id), "--with", "crossref", "--factor", "5", "--service-url", "crossref=\(base.absoluteString)", "--format", "json"],
                environment: session.environment)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
            // 31 against 10 is more than 2× but not more than 5× apart.
            #expect((object["disagreeing"] as? [Any])?.isEmpty == true)
            #expect((object["knownToOneSource"] as? [Any])?.count == 1)
        }
        let toDBLP = try session.bottega("scholar", "export", String(id), "--to", "dblp")
        #expect(toDBLP.status != 0 && toDBLP.standardError.contains("dblp XML is read, not written"))
        let bad = try session.bottega("scholar", "reconcile", String(id), "--with", "crossref,scopus")
        #expect(bad.status != 0 && bad.standardError.contains("--with scopus is not a source to reconcile with"))
    }
}

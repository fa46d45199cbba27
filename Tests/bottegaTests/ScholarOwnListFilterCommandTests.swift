import Foundation
import TestSupport
import Testing

/// `homepage-filter ID --orcid ID | --list FILE` (issue 43): the researcher's own list, fetched
/// from ORCID's public API (a local server answering with the recorded works of
/// 0000-0003-1444-9135) or read from a file, keeps the researcher's results and excludes the
/// namesakes', saying for each which evidence decided.
@Suite(Fixtures.required) struct ScholarOwnListFilterCommandTests {
    static let works = Fixtures.root.appendingPathComponent("scholar/orcid/orcid-works-0000-0003-1444-9135.json")

    /// Two of the researcher's works as Google Scholar shows them (one by its DOI, one by its
    /// title in other capitals) and a namesake's paper.
    static let results = """
        {"title": "Phylogeny Based Biodiversity Data Queries", "year": 2018, "citations": 4, "doi": "10.3897/biss.2.25589"}
        {"title": "DENSITY-MEDIATED, CONTEXT-DEPENDENT CONSUMER-RESOURCE INTERACTIONS BETWEEN ANTS AND MUTUALISTIC APHIDS", "citations": 30}
        {"title": "Computing machinery and intelligence", "year": 1950, "citations": 8596}

        """

    @Test func theORCIDRecordKeepsTheResearchersResults() async throws {
        let folder = try TemporaryFolder()
        let environment = ["BOTTEGA_DB": folder.path("bottega.sqlite"), "BOTTEGA_CACHE_DIR": folder.path("cache")]
        let file = try folder.write("results.jsonl", Self.results)
        let imported = try CommandLineRun.bottega(arguments: ["scholar", "import", file], environment: environment)
        #expect(imported.status == 0, "\(imported.standardError)")
        let server = LocalServer { _, _ in .file(Self.works) }
        try await server.run { base in
            let run = try await CommandLineRun.bottegaAsync(
                arguments: ["scholar", "homepage-filter", "1", "--orcid", "https://orcid.org/0000-0003-1444-9135", "--orcid-url", base.absoluteString, "--format", "json"],
                environment: environment)
            #expect(run.status == 0, "\(run.standardError)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
            #expect(object["source"] as? String == "orcid:0000-0003-1444-9135" && object["listed"] as? Int == 111)
            let results = try #require(object["results"] as? [[String: Any]])
            let evidence = Dictionary(uniqueKeysWithValues: results.map { ($0["title"] as? String ?? "", $0["evidence"] as? String ?? "") })
            #expect(evidence["Phylogeny Based Biodiversity Data Queries"] == "doi")
            #expect(evidence["DENSITY-MEDIATED, CONTEXT-DEPENDENT CONSUMER-RESOURCE INTERACTIONS BETWEEN ANTS AND MUTUALISTIC APHIDS"] == "title")
            #expect(evidence["Computing machinery and intelligence"] == "none")
            #expect(object["newlyExcluded"] as? Int == 1)
            let request = try #require(await server.requests().first)
            #expect(request.path == "/v3.0/0000-0003-1444-9135/works" && request.header("Accept") == "application/vnd.orcid+json")
        }
        // The namesake's paper is stored excluded, reason "homepage", so `include` brings it back.
        let shown = try CommandLineRun.bottega(arguments: ["scholar", "show", "1", "--format", "json"], environment: environment)
        #expect(shown.standardOutput.contains("\"exclusionReason\" : \"homepage\"") || shown.standardOutput.contains("\"exclusionReason\":\"homepage\""), "\(shown.standardOutput.prefix(400))")
    }

    @Test func aFileServesAsTheListAndABadIdentifierIsRefused() throws {
        let session = try WorkspaceSession()
        let id = try session.importFile(try session.folder.write("results.jsonl", Self.results))
        let run = try session.bottega("scholar", "homepage-filter", String(id), "--list", Self.works.path)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("lists 111 works") && run.standardOutput.contains("results: 2 on the list (1 by DOI), 1 not"))
        let bad = try session.bottega("scholar", "homepage-filter", String(id), "--orcid", "0000-0003-1444-9136")
        #expect(bad.status != 0 && bad.standardError.contains("is not an ORCID iD"))
        let none = try session.bottega("scholar", "homepage-filter", String(id))
        #expect(none.status != 0 && none.standardError.contains("--dblp URL|PID or --list FILE"))
    }
}

import Foundation
import Testing

/// `bottega scholar parse FILE.html`, run as a user would.
@Suite(Fixtures.required) struct ScholarParseCommandTests {
    static let scholar = Fixtures.root.appendingPathComponent("scholar")

    func page(_ folder: String, _ name: String) -> String {
        Self.scholar.appendingPathComponent("\(folder)/\(name)").path
    }

    func json(_ run: CommandLineRun) throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8))
        return try #require(object as? [String: Any])
    }

    static let topKeys: Set<String> = ["kind", "totalResults", "profile", "citationsPerYear", "publications"]
    static let publicationKeys: Set<String> = [
        "title", "authors", "authorsTruncated", "venue", "year", "publisher", "citations", "url", "citedByURL", "clusterID", "type",
    ]

    @Test func test_resultsPageAsJSONHasExactlyTheDocumentedKeys() throws {
        let run = try CommandLineRun.bottega(
            "scholar", "parse", page("google-scholar-results", "gs-results-2020-geomap-olympus-range.html"), "--format", "json"
        )
        #expect(run.status == 0, "\(run.standardError)")
        let object = try json(run)
        #expect(Set(object.keys) == Self.topKeys)
        #expect(object["kind"] as? String == "results")
        #expect(object["totalResults"] as? Int == 30)
        #expect(object["profile"] is NSNull)
        #expect(object["citationsPerYear"] is NSNull)
        let publications = try #require(object["publications"] as? [[String: Any]])
        #expect(publications.count == 10)
        for publication in publications { #expect(Set(publication.keys) == Self.publicationKeys) }

        // The [CITATION] result: no link and no host, given as null rather than left out.
        let citation = publications[0]
        #expect(citation["type"] as? String == "CITATION")
        #expect(citation["url"] is NSNull)
        #expect(citation["publisher"] is NSNull)
        #expect(citation["year"] as? Int == 1996)
        #expect(citation["citations"] as? Int == 4)
        #expect(citation["authors"] as? [String] == ["MJ Isaac", "TJ Chinn", "SW Edbrooke", "PJ Forsyth"])
        #expect(citation["authorsTruncated"] as? Bool == false)
        #expect(citation["clusterID"] as? String == "15801554877513113826")
        #expect(citation["citedByURL"] as? String == "https://scholar.google.com/scholar?cites=15801554877513113826&as_sdt=4005&sciodt=0,6&hl=en&oe=ASCII")
    }

    @Test func test_profilePageAsJSONHasTheProfileAndTheHistogramWithZeroYears() throws {
        let run = try CommandLineRun.bottega(
            "scholar", "parse", page("google-scholar-profiles", "gs-profile-2026-doaa-elmatary-LZ5D_p4AAAAJ.html"), "--format", "json"
        )
        #expect(run.status == 0, "\(run.standardError)")
        let object = try json(run)
        #expect(Set(object.keys) == Self.topKeys)
        #expect(object["kind"] as? String == "profile")
        #expect(object["totalResults"] is NSNull)
        let profile = try #require(object["profile"] as? [String: Any])
        #expect(profile["name"] as? String == "Doaa Elmatary")
        #expect(profile["interests"] as? [String] == ["AI-Wireless networks-IoT"])
        #expect(profile["hasMoreRows"] as? Bool == false)
        let indices = try #require(profile["indices"] as? [String: Any])
        #expect(indices["citations"] as? Int == 56)
        #expect(indices["citationsSince"] as? Int == 30)
        #expect(indices["hIndex"] as? Int == 4)
        #expect(indices["sinceYear"] as? Int == 2021)
        let perYear = try #require(object["citationsPerYear"] as? [String: Int])
        #expect(perYear["2017"] == 0)
        #expect(perYear["2023"] == 9)
        #expect(perYear.count == 14)
        let publications = try #require(object["publications"] as? [[String: Any]])
        #expect(publications.count == 12)
        #expect(publications[11]["year"] is NSNull)
    }

    @Test func test_textFormatListsTheResults() throws {
        let run = try CommandLineRun.bottega(
            "scholar", "parse", page("google-scholar-results", "gs-results-2016-goscholar-cluster-page.html")
        )
        #expect(run.status == 0)
        #expect(run.standardOutput.contains("1. Deep learning (2015) — cited by 409"))
        #expect(run.standardOutput.contains("Y LeCun, Y Bengio, G Hinton — Nature — nature.com"))
    }

    @Test(arguments: [
        "gs-blocked-2020-403-forbidden-output-cite.html",
        "gs-blocked-2020-captcha-not-a-robot.html",
        "gs-blocked-2024-results-page-with-recaptcha.html",
    ])
    func test_blockedPageExitsWithStatus3(name: String) throws {
        let run = try CommandLineRun.bottega("scholar", "parse", page("google-scholar-blocked", name), "--format", "json")
        #expect(run.status == 3)
        #expect(run.standardError.contains("blocked"))
        #expect(run.standardOutput.isEmpty)
    }

    /// Issue 21: a saved sign-in wall exits 3 as a block, not 1 as a cut page.
    @Test func test_aSignInWallExitsWithStatus3() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("profile.html", """
            <!doctype html><html><head><base href="https://accounts.google.com/v3/signin/"><title>Sign in - Google Accounts</title></head>
            <body><form action="https://accounts.google.com/v3/signin/_/AccountsSignInUi/data"><input name="identifier">
            """)
        let run = try CommandLineRun.bottega("scholar", "parse", path)
        #expect(run.status == 3, "\(run.standardError)")
        #expect(run.standardError.contains("sign-in page") && !run.standardError.contains("cut short"))
    }

    @Test func test_emptyFileFailsWithAMessage() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("empty.html", "")
        let run = try CommandLineRun.bottega("scholar", "parse", path)
        #expect(run.status != 0)
        #expect(run.status != 3)
        #expect(run.standardError.contains("empty"))
    }

    @Test func test_anotherSitesPageFailsWithAMessage() throws {
        let run = try CommandLineRun.bottega("scholar", "parse", page("homepages", "hp-jon-barron-index-table-rows.html"))
        #expect(run.status == 1)
        #expect(run.standardError.contains("no Google Scholar results, profile or article markup"))
    }

    @Test func test_aMissingFileIsNamed() throws {
        let run = try CommandLineRun.bottega("scholar", "parse", "no-such-page.html")
        #expect(run.status != 0)
        #expect(run.standardError.contains("no-such-page.html"))
    }
}

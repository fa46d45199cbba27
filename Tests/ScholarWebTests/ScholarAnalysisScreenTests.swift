@testable import ScholarWeb
@testable import WebCore
import WebTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Mail
import NIOCore
import ScholarKit
import Testing
import TestSupport

/// Merge mode, detail, compare, export, graphs and the homepage view, and their JSON twins.
@Suite struct ScholarAnalysisScreenTests {
    let formHeaders: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
    let jsonHeaders: HTTPFields = [.contentType: "application/json"]

    @Test func test_mergingFromTheListAndDissolvingFromTheDetail() async throws {
        try await withWebApp(prepare: { _ = try storeThreePapers($0) }) { client, workspace in
            let searchID = try #require(try workspace.history().first?.id)
            let ids = try workspace.open(searchID, options: MetricsOptions(referenceYear: 2024)).publications.map(\.id)
            try await client.execute(uri: "/scholar/searches/\(searchID)/publications?merge=1", method: .get) { response in
                #expect(response.text.contains("id=\"merge-form\""))
                #expect(response.text.contains("name=\"publications\" value=\"\(ids[1])\""))
            }
            var merged: Int64 = 0
            try await client.execute(uri: "/scholar/searches/\(searchID)/merge", method: .post, headers: formHeaders,
                                     body: ByteBuffer(string: "publications=\(ids[1])&publications=\(ids[2])")) { response in
                #expect(response.status == .seeOther)
                merged = try #require(response.headers[.location].flatMap { Int64($0.split(separator: "#p").last ?? "") })
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/publications", method: .get) { response in
                #expect(response.text.contains("Merge #1"))
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/publications/\(merged)", method: .get) { response in
                #expect(response.text.contains("Dissolve"))
                #expect(response.text.contains("Bidimensional regression"))
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/publications/\(merged)/dissolve", method: .post) { response in
                #expect(response.status == .seeOther)
            }
            #expect(try workspace.open(searchID, options: MetricsOptions(referenceYear: 2024)).publications.map(\.id) == ids)
            try await client.execute(uri: "/scholar/searches/\(searchID)/merge", method: .post, headers: formHeaders, body: ByteBuffer(string: "publications=\(ids[0])")) { response in
                #expect(response.status == .badRequest)
                #expect(response.text.contains("at least two"))
            }
        }
    }

    @Test func test_compareExportAndGraphs() async throws {
        try await withWebApp(prepare: { _ = try storeThreePapers($0); _ = try storeThreePapers($0) }) { client, workspace in
            let ids = try workspace.history().map(\.id).sorted()
            try await client.execute(uri: "/scholar/compare?searches=\(ids[0])&searches=\(ids[1])", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.components(separatedBy: "class=\"difference\">±0<").count - 1 == 3)
            }
            try await client.execute(uri: "/scholar/compare?searches=\(ids[0])", method: .get) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/api/scholar/compare?first=\(ids[0])&second=\(ids[1])", method: .get) { response in
                let rows = try response.json()["publications"] as? [[String: Any]]
                #expect(rows?.count == 3)
                #expect(rows?.first?["differenceText"] as? String == "±0")
            }
            try await client.execute(uri: "/scholar/searches/\(ids[0])/export/download?format=bibtex&limit=2", method: .get) { response in
                #expect(response.headers[.contentDisposition]?.contains("attachment") == true)
                #expect(response.text.components(separatedBy: "@").count - 1 == 2)
                #expect(response.text.contains("Cellular geography"))
            }
            try await client.execute(uri: "/scholar/searches/\(ids[0])/export/download?format=docx", method: .get) { response in
                #expect(response.status == .badRequest)
            }
            try await client.execute(uri: "/scholar/searches/\(ids[0])/export", method: .get) { response in
                #expect(response.text.contains("href=\"mailto:?subject="))
            }
            try await client.execute(uri: "/scholar/searches/\(ids[0])/graph/hindex.png", method: .get) { response in
                #expect(response.headers[.contentType] == "image/png")
                #expect(Array(response.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            }
            try await client.execute(uri: "/api/scholar/searches/\(ids[0])/graph?kind=hindex", method: .get) { response in
                #expect(response.text.hasPrefix("<svg"))
                #expect(response.text.contains("h = 2"))
            }
        }
    }

    @Test func test_theHomepageFilterThroughTheAPIAndItsErrors() async throws {
        try await withWebApp(prepare: { _ = try storeThreePapers($0) }) { client, workspace in
            let searchID = try #require(try workspace.history().first?.id)
            let page = #"{"html": "<html><body><ul><li><i>Cellular geography</i> (1979)</li><li><i>A computer movie</i> (1970)</li><li><i>On the first law of geography</i> (2004)</li></ul></body></html>", "address": "https://example.org/pubs"}"#
            try await client.execute(uri: "/api/scholar/searches/\(searchID)/homepage", method: .post, headers: jsonHeaders, body: ByteBuffer(string: page)) { response in
                #expect(response.status == .ok)
                let document = try response.json()
                let listed = document["homepagePublications"] as? [[String: Any]]
                #expect(listed?.count == 3)
                #expect(listed?.last?["inResults"] as? Bool == false)
                let results = document["results"] as? [[String: Any]]
                #expect(results?.first { $0["title"] as? String == "Bidimensional regression" }?["onHomepage"] as? Bool == false)
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/homepage", method: .get) { response in
                #expect(response.text.contains("class=\"missing\">On the first law of geography"))
                #expect(response.text.contains("class=\"found\">Cellular geography"))
            }
            let blog = #"{"html": "<html><body><p>Recipes</p></body></html>"}"#
            try await client.execute(uri: "/api/scholar/searches/\(searchID)/homepage", method: .post, headers: jsonHeaders, body: ByteBuffer(string: blog)) { response in
                #expect(response.status == .unprocessableContent)
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/homepage", method: .post, headers: formHeaders, body: ByteBuffer(string: "address=ftp%3A%2F%2Fx")) { response in
                #expect(response.status == .badRequest)
                #expect(response.text.contains("not an http(s) address"))
            }
        }
    }

    @Test func test_theAboutScreenExplainsEveryMetric() async throws {
        try await withWebApp { client, _ in
            try await client.execute(uri: "/scholar/about", method: .get) { response in
                for descriptor in ImpactMetrics.catalogue { #expect(response.text.contains(descriptor.label.replacingOccurrences(of: "'", with: "&#39;"))) }
            }
        }
    }
}

/// Issue 21: the publication list sorted as Publish or Perish sorts it, with its columns.
@Suite struct ScholarListSortTests {
    @Test func theListSortsByYearAndShowsCitesPerYearAuthorsAndTheGCore() async throws {
        try await withWebApp(prepare: { workspace in
            let publications = [
                Publication(title: "Old and famous", authors: ["W Tobler"], year: 1970, citations: 900),
                Publication(title: "Recent", authors: ["W Tobler", "A Author", "B Author"], year: 2020, citations: 40),
                Publication(title: "Middle", authors: ["W Tobler", "C Author"], year: 1995, citations: 300),
            ]
            _ = try workspace.store(FetchedSearch(publications: publications), parameters: SearchParameters(source: .file, fileName: "three.csv"))
        }) { client, workspace in
            let searchID = try #require(try workspace.history().first?.id)
            try await client.execute(uri: "/scholar/searches/\(searchID)/publications?sort=year", method: .get) { response in
                #expect(response.status == .ok)
                let text = response.text
                let recent = try #require(text.range(of: "Recent<")), middle = try #require(text.range(of: "Middle<")), old = try #require(text.range(of: "Old and famous<"))
                #expect(recent.lowerBound < middle.lowerBound && middle.lowerBound < old.lowerBound)
                #expect(text.contains("3 authors"), "the author count")
                #expect(text.contains("cites") && text.contains("aria-current=\"page\">year<"))
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/publications?sort=relevance", method: .get) { response in
                #expect(response.status == .badRequest)
            }
        }
    }
}

@Suite struct ScholarLongListTests {
    @Test func test_aLongListIsServedOneSectionOfAHundredAtATimeWithAJumpIndex() async throws {
        try await withWebApp(prepare: { workspace in
            let publications = (0..<250).map { Publication(title: "Paper number \($0)", citations: 250 - $0) }
            _ = try workspace.store(FetchedSearch(publications: publications), parameters: SearchParameters(source: .file, fileName: "long.csv"))
        }) { client, workspace in
            let searchID = try #require(try workspace.history().first?.id)
            try await client.execute(uri: "/scholar/searches/\(searchID)/publications", method: .get) { response in
                #expect(response.text.components(separatedBy: "<li id=\"p").count - 1 == 100)
                #expect(response.text.contains("href=\"?section=3#from-201\">201–250<"))
                // One jump index, not one per section.
                #expect(response.text.components(separatedBy: "id=\"sections\"").count - 1 == 1)
                #expect(response.text.contains("Paper number 0<"))
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/publications?section=3", method: .get) { response in
                #expect(response.text.components(separatedBy: "<li id=\"p").count - 1 == 50)
                #expect(response.text.contains("Paper number 249<"))
                #expect(!response.text.contains("Paper number 0<"))
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/duplicates", method: .get) { response in
                #expect(response.status == .ok)
                #expect(response.text.contains("No possible duplicates"))
            }
        }
    }
}

@Suite struct ScholarMailScreenTests {
    @Test func test_withoutSMTPThereIsOnlyTheMailtoLinkAndASendIsRefused() async throws {
        try await withWebApp(prepare: { _ = try storeThreePapers($0) }) { client, workspace in
            let searchID = try #require(try workspace.history().first?.id)
            try await client.execute(uri: "/scholar/searches/\(searchID)/export", method: .get) { response in
                #expect(response.text.contains("id=\"mail\""))
                #expect(!response.text.contains("id=\"send-form\""))
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/export/send", method: .post, body: ByteBuffer(string: "to=a%40example.org")) { response in
                #expect(response.status == .conflict)
                #expect(response.text.contains("SMTP_URL"))
            }
        }
    }

    @Test func test_aMailServerThatIsDownIsReportedOnTheScreen() async throws {
        let down = try SMTPConfiguration(url: "smtp://127.0.0.1:9?from=bottega@example.org")
        try await withWebApp(mail: down, prepare: { _ = try storeThreePapers($0) }) { client, workspace in
            let searchID = try #require(try workspace.history().first?.id)
            try await client.execute(uri: "/scholar/searches/\(searchID)/export", method: .get) { response in
                #expect(response.text.contains("id=\"send-form\""))
            }
            try await client.execute(uri: "/scholar/searches/\(searchID)/export/send", method: .post, body: ByteBuffer(string: "to=a%40example.org")) { response in
                #expect(response.status == .badGateway)
                #expect(response.text.contains("was not sent"))
            }
        }
    }
}

/// Issue 21: a publication list imported from the history screen, with the CLI's errors.
@Suite(.enabled(if: SharedFixtures.enabled(), Comment(rawValue: SharedFixtures.skipMessage()))) struct ScholarWebImportTests {
    @Test func aPublishOrPerishCSVIsImportedAndABadFileRefusedWithItsLine() async throws {
        try await withWebApp { client, workspace in
            let csv = try SharedFixtures.bytes("scholar/exports/pop-gscholar-waldo-tobler-PoPCites.csv")
            let (headers, body) = multipartBody(field: "file", filename: "tobler.csv", bytes: csv)
            try await client.execute(uri: "/scholar/import", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location]?.hasPrefix("/scholar/searches/") == true)
            }
            #expect(try workspace.history().first?.publicationCount == 829)
            // The search is named by the file, as an import from the command line is.
            #expect(try workspace.history().first?.label == "tobler.csv")
            let (badHeaders, badBody) = multipartBody(field: "file", filename: "bad.csv", bytes: Array("Cites,Title\n3,Good\nlots,Bad\n".utf8))
            try await client.execute(uri: "/scholar/import", method: .post, headers: badHeaders, body: badBody) { response in
                #expect(response.status == .badRequest)
                #expect(response.text.contains("import-error") && response.text.contains("lots") && response.text.contains("bad.csv:3"))
            }
            // A name that says nothing: the screen points to its Format menu, not to a CLI flag.
            let (oddHeaders, oddBody) = multipartBody(field: "file", filename: "list.dat", bytes: Array("just words and nothing else\n".utf8))
            try await client.execute(uri: "/scholar/import", method: .post, headers: oddHeaders, body: oddBody) { response in
                #expect(response.status == .badRequest)
                #expect(response.text.contains("choose in Format") && !response.text.contains("--from"), "\(response.text)")
            }
            #expect(try workspace.history().count == 1)
        }
    }

    /// Issue 43: a recording of Semantic Scholar's answers, chosen as a .yaml file.
    @Test func aRecordingOfTheServicesAnswersIsImported() async throws {
        try await withWebApp { client, workspace in
            let recording = try SharedFixtures.bytes("scholar/semantic-scholar/s2-cassette-get-author-papers.yaml")
            let (headers, body) = multipartBody(field: "file", filename: "s2-cassette-get-author-papers.yaml", bytes: recording)
            try await client.execute(uri: "/scholar/import", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .seeOther)
            }
            // 875 papers: eight pages of 100 and one of 75 (counted with PyYAML).
            #expect(try workspace.history().first?.publicationCount == 875)
        }
    }

    /// What the file is stays with the imported search and shows on its screen: an ORCID list
    /// has no citation counts, which the metrics of 0 alone would not say.
    @Test func anImportsNoticesShowOnTheSearchsScreen() async throws {
        try await withWebApp { client, workspace in
            let works = try SharedFixtures.bytes("scholar/orcid/orcid-works-0000-0003-1444-9135.json")
            let (headers, body) = multipartBody(field: "file", filename: "works.json", bytes: works)
            try await client.execute(uri: "/scholar/import", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .seeOther)
            }
            let id = try #require(try workspace.history().first?.id)
            try await client.execute(uri: "/scholar/searches/\(id)", method: .get) { response in
                #expect(response.text.contains("ORCID gives no citation counts: every work counts 0 citations"))
                #expect(response.text.contains("ORCID works list: 111 works, 3 of them reported by more than one source and kept once"))
            }
        }
    }
}

/// Issue 38: the export screen's "also the excluded ones" file, imported again from the
/// history screen, gives back the merge as a merge, with its members and their sum.
@Suite struct ScholarWebMergedExportTests {
    @Test(arguments: ["csv", "bibtex", "ris", "json", "endnote", "isi", "jsonl"])
    func aMergeSurvivesTheWebExportAndImport(format: String) async throws {
        try await withWebApp(prepare: { workspace in
            let fetched = FetchedSearch(publications: [
                Publication(title: "Cellular geography", authors: ["WR Tobler"], year: 1979, citations: 1_337),
                Publication(title: "Cellular geography (reprint)", authors: ["WR Tobler"], year: 1979, citations: 12),
                Publication(title: "A computer movie simulating urban growth", authors: ["WR Tobler"], year: 1970, citations: 5_000),
            ])
            let id = try workspace.store(fetched, parameters: SearchParameters(source: .file, fileName: "tobler.csv")).searchID
            let stored = try workspace.open(id, options: MetricsOptions(referenceYear: 2024))
            _ = try workspace.merge([try #require(stored.publications.first { $0.publication.citations == 1_337 }?.id),
                                     try #require(stored.publications.first { $0.publication.citations == 12 }?.id)], in: id)
        }) { client, workspace in
            let searchID = try #require(try workspace.history().first?.id)
            var file: [UInt8] = []
            try await client.execute(uri: "/scholar/searches/\(searchID)/export/download?format=\(format)&all=1", method: .get) { response in
                #expect(response.status == .ok)
                file = Array(response.text.utf8)
            }
            let (headers, body) = multipartBody(field: "file", filename: "again.\(PublicationFormat(name: format)?.fileExtension ?? format)", bytes: file)
            try await client.execute(uri: "/scholar/import", method: .post, headers: headers, body: body) { response in
                #expect(response.status == .seeOther)
            }
            let history = try workspace.history()
            let again = try #require(history.first { $0.id != searchID })
            let reopened = try workspace.open(again.id, options: MetricsOptions(referenceYear: 2024))
            #expect(reopened.publications.count == 2)
            let merge = try #require(reopened.publications.first { $0.isMerge })
            #expect(merge.publication.citations == 1_349 && merge.mergeNumber == 1)
            #expect(Set(try workspace.members(of: merge.id, in: again.id).map(\.title)) == ["Cellular geography", "Cellular geography (reprint)"])
        }
    }
}

/// Issue 21: an OpenAlex search whose name matched several authors lets the user choose another.
@Suite struct ScholarOpenAlexChoiceTests {
    @Test func theResultsOfferTheOtherAuthorsTheNameMatched() async throws {
        try await withWebApp(prepare: { workspace in
            let fetched = FetchedSearch(
                publications: [Publication(title: "A paper", citations: 3)],
                authorCandidates: [
                    AuthorCandidate(id: "A5017898742", name: "Joseph Mearman", institution: nil, works: 9, citations: 41, isChosen: true),
                    AuthorCandidate(id: "A5019952124", name: "Andrew Mearman", institution: "UWE Bristol", works: 106, citations: 1069, isChosen: false),
                ])
            _ = try workspace.store(fetched, parameters: SearchParameters(source: .openalex, query: GoogleScholarQuery(author: "Joseph Mearman")))
        }) { client, workspace in
            let searchID = try #require(try workspace.history().first?.id)
            try await client.execute(uri: "/scholar/searches/\(searchID)", method: .get) { response in
                #expect(response.text.contains("author-candidates") && response.text.contains("Andrew Mearman"), "\(response.status) \(response.text.prefix(1500))")
                #expect(response.text.contains("name=\"authorRecord\" value=\"A5019952124\"") && response.text.contains("106 works"))
            }
        }
    }
}

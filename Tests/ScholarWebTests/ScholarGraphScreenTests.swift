@testable import ScholarWeb
@testable import WebCore
import WebTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import TestSupport
import Mail
import NIOCore
import ScholarKit
import Testing

/// Issue 21, the Ulm thesis §5.4: a Google Scholar result's citations per year fetched from the
/// web screen with the progress screen, and the graph e-mailed as a PNG (§5.4.5).
@Suite(.enabled(if: SharedFixtures.enabled(), Comment(rawValue: SharedFixtures.skipMessage())))
struct ScholarGraphScreenTests {
    /// "About 30 results", and one result without a count line.
    static let geomap = ScholarAPITests.fixtures.appendingPathComponent("scholar/google-scholar-results/gs-results-2020-geomap-olympus-range.html")
    static let single = ScholarAPITests.fixtures.appendingPathComponent("scholar/google-scholar-results/gs-results-2016-goscholar-learning-deep-architectures.html")

    private static func storePaper(_ workspace: ScholarWorkspace, year: Int) throws -> (search: Int64, publication: Int64) {
        let search = try workspace.store(FetchedSearch(publications: [
            Publication(title: "A computer movie", authors: ["W Tobler"], year: year, citations: 62, citesURL: "https://scholar.google.com/scholar?cites=123&hl=en"),
        ]), parameters: SearchParameters(source: .file, fileName: "paper.csv")).searchID
        let publication = try #require(try workspace.open(search, options: MetricsOptions(referenceYear: 2026)).publications.first?.id)
        return (search, publication)
    }

    @Test func test_citationsPerYearAreFetchedWithProgressAndTheGraphShowsTheirShare() async throws {
        let server = LocalServer { uri, _ in uri.contains("as_ylo=2025") ? .file(Self.geomap) : .file(Self.single) }
        try await server.run { base in
            try await withWebApp(sourceBase: base) { client, workspace in
                let (search, publication) = try Self.storePaper(workspace, year: 2025)
                let detail = "/scholar/searches/\(search)/publications/\(publication)"
                try await client.execute(uri: detail, method: .get) { response in
                    #expect(response.text.contains("id=\"fetch-years\""))
                    #expect(!response.text.contains("<figure class=\"chart\">"))
                }
                var progress = ""
                try await client.execute(uri: detail + "/fetch-years", method: .post) { response in
                    #expect(response.status == .seeOther)
                    progress = try #require(response.headers[.location])
                }
                #expect(progress.hasPrefix("/scholar/progress/"))
                try await client.execute(uri: progress + "/events", method: .get) { response in
                    #expect(response.text.contains("citations in 2025"))
                    #expect(response.text.contains("event: done"))
                    #expect(response.text.contains("\"location\":\"\\/scholar\\/searches\\/\(search)\\/publications\\/\(publication)\"")
                        || response.text.contains("\"location\":\"/scholar/searches/\(search)/publications/\(publication)\""))
                }
                try await client.execute(uri: progress, method: .get) { response in
                    #expect(response.text.contains("href=\"\(detail)\""))
                }
                try await client.execute(uri: detail, method: .get) { response in
                    #expect(response.text.contains("<figure class=\"chart\">"))
                    // 2025: "About 30 results"; 2026: one result: 31 of 62 citations dated.
                    #expect(response.text.contains("50% of its 62 citations could be given a year."))
                }
                #expect(server.received.count == 2)
            }
        }
    }

    @Test(.enabled(if: SMTPSink.isAvailable, Comment(rawValue: SMTPSink.skipReason)))
    func test_theGraphIsEmailedAsAPNG() async throws {
        let sink = try SMTPSink()
        defer { sink.stop() }
        let mail = try SMTPConfiguration(url: "smtp://127.0.0.1:\(sink.port)?from=bottega@example.org")
        try await withWebApp(mail: mail) { client, workspace in
            let (search, publication) = try Self.storePaper(workspace, year: 2024)
            try workspace.setCitationsPerYear([2024: 20, 2025: 30], of: publication, in: search)
            let detail = "/scholar/searches/\(search)/publications/\(publication)"
            try await client.execute(uri: detail, method: .get) { response in
                #expect(response.text.contains("id=\"send-graph\""))
            }
            try await client.execute(uri: detail + "/graph/send", method: .post, body: ByteBuffer(string: "to=ada%40example.org")) { response in
                #expect(response.status == .seeOther)
                #expect(response.headers[.location] == detail + "?sent=1")
            }
            let received = try #require(try sink.message(1))
            #expect(received.rcpt_tos == ["ada@example.org"])
            let png = try #require(received.parts.first { $0.type == "image/png" })
            #expect(Array(png.content.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            try await client.execute(uri: detail + "/graph/send", method: .post, body: ByteBuffer(string: "to=not+an+address")) { response in
                #expect(response.status == .badRequest)
                #expect(response.text.contains("is not an e-mail address"))
            }
            try await client.execute(uri: "/scholar/searches/\(search)/graph/send", method: .post, body: ByteBuffer(string: "to=ada%40example.org")) { response in
                #expect(response.status == .seeOther)
            }
            let both = try #require(try sink.message(2))
            #expect(both.parts.filter { $0.type == "image/png" }.count == 2)
        }
    }
}

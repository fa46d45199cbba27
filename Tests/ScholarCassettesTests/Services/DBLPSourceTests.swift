import Fetch
import Foundation
import ScholarKit
import Testing
import TestSupport

/// dblp as a search source. No real answer of dblp's author search or person pages was found in
/// public test data (`Tests/Recorded/SOURCES.md` lists where we looked), so both answers here
/// are written from dblp's documented formats (the search API's JSON, dblp.dtd's records) around
/// the records of the third-party dump excerpt in `Tests/Recorded/dblp`.
@Suite struct DBLPSourceTests {
    /// Two persons named so, told apart by dblp's number, and an unrelated hit without a pid.
    static let authorSearch = #"""
        {"result":{"query":"Stefan Szeider*","status":{"@code":"200","text":"OK"},"hits":{"@total":"3","@computed":"3","@sent":"3","@first":"0",
        "hit":[{"@score":"6","@id":"1","info":{"author":"Stefan Szeider","notes":{"note":{"@type":"affiliation","text":"TU Wien, Austria"}},"url":"https://dblp.org/pid/s/StefanSzeider"},"url":"URL#1"},
        {"@score":"5","@id":"2","info":{"author":"Stefan Szeider 0002","notes":{"note":[{"@type":"affiliation","text":"University of Somewhere"},{"@type":"award","text":"x"}]},"url":"https://dblp.org/pid/123/4567-2"},"url":"URL#2"},
        {"@score":"1","@id":"3","info":{"author":"S. Szeider"},"url":"URL#3"}]}}}
        """#

    static func personPage() throws -> String {
        let dump = String(decoding: try RecordedAnswers.bytes("dblp/dump-excerpt.mcp-dblp.xml"), as: UTF8.self)
        let pattern = try NSRegularExpression(pattern: "<(article|inproceedings|proceedings|www) .*?</\\1>", options: [.dotMatchesLineSeparators])
        let records = pattern.matches(in: dump, range: NSRange(dump.startIndex..., in: dump))
            .compactMap { Range($0.range, in: dump).map { String(dump[$0]) } }
            .filter { $0.contains("Szeider</author>") }
            .map { "<r>" + $0 + "</r>" }
        return #"<?xml version="1.0" encoding="US-ASCII"?>"# + "\n<dblpperson name=\"Stefan Szeider\" pid=\"s/StefanSzeider\" n=\"\(records.count)\">\n"
            + records.joined(separator: "\n") + "\n</dblpperson>\n"
    }

    @Test func namesakesAreListedAndTheExactNameIsChosen() async throws {
        let page = try Self.personPage()
        try await LocalServer.run({ request in
            switch request.path {
            case "/search/author/api": .json(Self.authorSearch)
            case "/pid/s/StefanSzeider.xml": LocalServer.Reply(headers: ["Content-Type": "application/xml"], body: page)
            default: .json("{}", status: 404)
            }
        }) { server in
            try await withLocalFetcher { fetcher in
                var runner = ScholarSearchRunner(fetcher: fetcher)
                runner.services = ServiceSettings(baseURLs: [.dblp: server.baseURL])
                let fetched = try await runner.fetch(SearchParameters(source: .dblp, query: GoogleScholarQuery(author: "Stefan Szeider")))
                #expect(fetched.authorCandidates.map(\.id) == ["s/StefanSzeider", "123/4567-2"])
                #expect(fetched.authorCandidates.map(\.isChosen) == [true, false])
                #expect(fetched.authorCandidates.first?.institution == "TU Wien, Austria")
                // The three records naming him: the 2020 article, the SAT paper, the CoRR preprint.
                #expect(fetched.publications.map(\.year) == [2020, 2021, 2023])
                #expect(fetched.publications.first?.authors == ["Kurt Gödel", "Stefan Szeider"])
                #expect(fetched.publications.first?.title == "Beyond O(n2) Time for Treewidth & SAT")
                #expect(fetched.publications.first?.doi == "10.1016/j.tcs.2020.01.001")
                #expect(fetched.note?.contains("dblp gives no citation counts") == true)

                // The other namesake, chosen by the user, is asked for by its pid.
                let other = await serviceError {
                    try await runner.fetch(SearchParameters(source: .dblp, query: GoogleScholarQuery(author: "Stefan Szeider"), authorID: "123/4567-2"))
                }
                #expect(other == .notFound(service: .dblp, what: "person 123/4567-2"))
                #expect(await server.requests().last?.path == "/pid/123/4567-2.xml")
            }
        }
    }

    @Test func aPidOrItsAddressNeedsNoSearch() async throws {
        #expect(DBLPClient.pid(from: "https://dblp.org/pid/s/StefanSzeider.html") == "s/StefanSzeider")
        #expect(DBLPClient.pid(from: "123/4567-2") == "123/4567-2")
        let page = try Self.personPage()
        try await LocalServer.run({ _ in LocalServer.Reply(body: page) }) { server in
            try await withLocalFetcher { fetcher in
                let found = try await DBLPClient(fetcher: fetcher, baseURL: server.baseURL)
                    .publications(forAuthorNamed: nil, pid: "https://dblp.org/pid/s/StefanSzeider", chosenID: nil, maxResults: 10)
                #expect(found.publications.count == 3)
                #expect(found.candidates.isEmpty)
                #expect(await server.requests().map(\.path) == ["/pid/s/StefanSzeider.xml"])
            }
        }
    }
}

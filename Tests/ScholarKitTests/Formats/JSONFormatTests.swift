import Foundation
import Testing
@testable import ScholarKit

@Suite struct JSONFormatTests {
    func read(_ text: String, skipBad: Bool = false) throws -> ImportResult {
        try JSONPublicationReader.read(SourceText(file: "list.json", contents: Array(text.utf8)), options: ImportOptions(skipBadRecords: skipBad))
    }

    @Test(Fixtures.required) func publishOrPerishJSONExportIsRead() throws {
        let source = try SourceText(file: "pop.json", contents: [UInt8](Fixtures.data("scholar/exports/pop-gscholar-json-microsourcing.json")))
        let publications = try JSONPublicationReader.read(source, options: ImportOptions()).publications
        // SOURCES.md: 7 records, sum of cites 110, h 4.
        #expect(publications.count == 7)
        #expect(publications.map(\.citations).reduce(0, +) == 110)
        let sorted = publications.map(\.citations).sorted(by: >)
        #expect(sorted.enumerated().filter { $0.element >= $0.offset + 1 }.count == 4)
        // The 6th record lists "N Janom", "NHA Bakar", "NH Arshad", "..." — a cut list.
        #expect(publications[5].authors == ["N Janom", "NHA Bakar", "NH Arshad"])
        #expect(publications[5].authorsTruncated)
        #expect(publications[0].venue == "MIS Quarterly" && publications[0].year == 2021)
    }

    @Test func bottegaJSONKeepsEveryField() throws {
        let original = [
            Publication(title: "A \"quoted\" title", authors: ["A Author", "B Author"], authorsTruncated: true, year: 1999,
                        citations: 42, venue: "Venue", publisher: "Pub", articleURL: "https://example.org/a", citesURL: "https://example.org/c",
                        doi: "10.1/x", type: "article", sourceRank: 3, isExcluded: true),
            Publication(title: "Bare"),
        ]
        let text = try JSONPublicationWriter.write(original)
        #expect(try read(text).publications == original)
    }

    @Test func publishOrPerishUnusedRecordsAreExcluded() throws {
        let result = try read(#"[{"title": "Kept", "cites": 3, "use": 1}, {"title": "Unticked", "cites": 9, "use": 0}]"#)
        #expect(result.publications.map(\.isExcluded) == [false, true])
    }

    @Test func aNonNumericCitationCountNamesTheRecordAndItsLine() throws {
        let text = "[\n  {\"title\": \"One\", \"cites\": 1},\n  {\"title\": \"Two\",\n   \"cites\": \"many\"}\n]"
        #expect {
            try read(text)
        } throws: { error in
            let problem = error as? ImportProblem
            return problem?.line == 3 && problem?.message.contains("record 2") == true && problem?.message.contains("many") == true
        }
    }

    @Test func lenientModeSkipsTheBadRecordOnly() throws {
        let result = try read(#"[{"title": "One", "cites": 1}, {"cites": 4}, {"title": "Three"}]"#, skipBad: true)
        #expect(result.publications.map(\.title) == ["One", "Three"])
        #expect(result.skipped.count == 1)
        #expect(result.skipped[0].message.contains("no title"))
    }

    @Test func invalidJSONIsReportedAsSuch() throws {
        #expect {
            try read("[{\"title\": \"One\",, }]")
        } throws: { error in
            (error as? ImportProblem)?.message.contains("not valid JSON") == true
        }
    }

    @Test func anObjectWithoutPublicationsIsRefused() throws {
        #expect {
            try read(#"{"results": []}"#)
        } throws: { error in
            (error as? ImportProblem)?.message.contains("publications") == true
        }
    }
}

import Foundation
import Testing
import TestSupport
@testable import ScholarKit

/// dblp's XML read as a publication list. The dump excerpt is third-party test data
/// (`Tests/Recorded/SOURCES.md`), read by hand for the expected values.
@Suite struct DBLPXMLTests {
    @Test func theDumpsRecordsArePublicationsAndItsHomepageIsNot() throws {
        let result = try PublicationImporter.read(contentsOf: RecordedAnswers.url("dblp/dump-excerpt.mcp-dblp.xml"))
        // Ten records: nine publications and one `www` homepage.
        #expect(result.publications.count == 9)
        let first = try #require(result.publications.first)
        #expect(first.title == "Beyond O(n2) Time for Treewidth & SAT")
        #expect(first.authors == ["Kurt Gödel", "Stefan Szeider"])
        #expect(first.year == 2020)
        #expect(first.venue == "Theor. Comput. Sci.")
        #expect(first.doi == "10.1016/j.tcs.2020.01.001")
        #expect(first.details?.pages == "1-20")
        #expect(first.citations == 0)
        // Proceedings have editors, not authors; they stand as its people.
        #expect(result.publications[1].authors == ["Chu-Min Li", "Felip Manyà"])
        #expect(result.publications[1].type == "proceedings")
        #expect(result.publications.map(\.type).filter { $0 == "inproceedings" }.count == 3)
        #expect(result.notices.contains("dblp gives no citation counts: every paper counts 0 citations, so the citation metrics are 0"))
    }

    @Test func aPersonPageIsRecognisedByItsContentWhateverItsName() throws {
        let page = """
            <?xml version="1.0" encoding="UTF-8"?>
            <dblpperson name="Wei Wang 0001" pid="w/WeiWang1" n="2">
            <person key="homepages/w/WeiWang1" mdate="2024-01-01"><author pid="w/WeiWang1">Wei Wang 0001</author></person>
            <r><article key="journals/x/Wang24" mdate="2024-01-01"><author pid="w/WeiWang1">Wei Wang 0001</author><title>One.</title><year>2024</year><journal>X</journal></article></r>
            <r><inproceedings key="conf/y/Wang23" mdate="2024-01-01"><author pid="w/WeiWang1">Wei Wang 0001</author><title>Two <i>in</i> italics.</title><year>2023</year><booktitle>Y</booktitle></inproceedings></r>
            <coauthors n="0"/>
            </dblpperson>
            """
        let result = try PublicationImporter.read(contents: Array(page.utf8), file: "WeiWang1.txt-saved")
        #expect(result.publications.map(\.title) == ["One", "Two in italics"])
        // dblp's number telling namesakes apart is not part of the name.
        #expect(result.publications.first?.authors == ["Wei Wang"])
        #expect(result.publications.map(\.venue) == ["X", "Y"])
        #expect(result.notices.first == "dblp's list of Wei Wang 0001 (w/WeiWang1): 2 publications")
    }

    @Test func aRecordWithoutATitleIsReportedByItsLine() throws {
        let page = "<dblp>\n<article key=\"a\"><title>Fine.</title><year>2020</year></article>\n<article key=\"b\">\n<year>2021</year></article>\n</dblp>\n"
        let problem = #expect(throws: ImportProblem.self) { try PublicationImporter.read(contents: Array(page.utf8), file: "dump.xml") }
        #expect(problem?.line == 3)
        #expect(problem?.message.contains("record 2 (b) has no title") == true)
        let other = #expect(throws: ImportProblem.self) { try PublicationImporter.read(contents: Array("<feed><entry/></feed>".utf8), file: "atom.xml") }
        #expect(other?.message.contains("not dblp's") == true)
    }
}

import Foundation
import Testing
@testable import ScholarKit

@Suite struct RISFormatTests {
    func read(_ text: String, skipBad: Bool = false) throws -> ImportResult {
        try RISReader.read(SourceText(file: "x.ris", contents: Array(text.utf8)), options: ImportOptions(skipBadRecords: skipBad))
    }

    /// The problem that fails a strict import of `text` (a test failure when there is none).
    func problem(_ text: String) -> ImportProblem? {
        #expect(throws: ImportProblem.self) { try read(text) }
    }

    // MARK: Real export

    @Test(Fixtures.required) func scopusExportGivesEveryRecordWithItsCitationCount() throws {
        let contents = try [UInt8](Data(contentsOf: Fixtures.exports("scopus-waldo-tobler.ris")))
        let result = try RISReader.read(SourceText(file: "scopus.ris", contents: contents), options: ImportOptions())
        let publications = result.publications
        // SOURCES.md: 81 records, 76 with "N1  - Cited By :N", sum 3557, h 28.
        #expect(publications.count == 81)
        #expect(result.skipped.isEmpty)
        let citationSum: Int = publications.map(\.citations).reduce(0, +)
        #expect(citationSum == 3557)
        let cited: Int = publications.filter { $0.citations > 0 }.count
        #expect(cited == 76)
        let report = MetricsReport(publications: publications, options: MetricsOptions(referenceYear: 2021))
        #expect(report.metrics.h == 28)

        // The first record, as the file writes it (lines 1–44).
        let first = try #require(publications.first)
        #expect(first.title == "A new companion for Mercator")
        #expect(first.authors == ["W. Tobler"])
        #expect(!first.authorsTruncated)
        #expect(first.year == 2018)
        #expect(first.citations == 2)
        #expect(first.venue == "Cartography and Geographic Information Science")
        #expect(first.publisher == "Taylor and Francis Inc.")
        #expect(first.doi == "10.1080/15230406.2017.1308837")
        #expect(first.type == "JOUR")
        #expect(first.articleURL?.hasPrefix("https://www.scopus.com/inward/record.uri?eid=2-s2.0-85016520957") == true)

        // "Frame independent spatial analysis" lists editors (A2) besides its author: they are not authors.
        let frame = try #require(publications.first { $0.title == "Frame independent spatial analysis" })
        #expect(frame.authors == ["W.R. Tobler"])
        #expect(frame.citations == 88 && frame.year == 1989)
    }

    // MARK: Reading

    @Test func crlfLineEndsReadLikeLF() throws {
        let lf = "TY  - JOUR\nAU  - Tobler, W. R.\nTI  - A computer movie\nPY  - 1970\nN1  - Cited By :12\nER  - \n"
        let crlf = lf.replacingOccurrences(of: "\n", with: "\r\n")
        let fromCRLF = try read(crlf).publications
        let fromLF = try read(lf).publications
        #expect(fromCRLF == fromLF)
        #expect(fromCRLF.map(\.title) == ["A computer movie"])
        #expect(fromCRLF.first?.authors == ["W. R. Tobler"])
        #expect(fromCRLF.first?.citations == 12)
    }

    @Test func untaggedLinesContinueThePreviousValue() throws {
        let text = """
            TY  - JOUR
            TI  - A computer movie simulating
              urban growth in the Detroit region
            T2  - Economic
            Geography

            ER  -
            """
        let publication = try #require(try read(text).publications.first)
        #expect(publication.title == "A computer movie simulating urban growth in the Detroit region")
        #expect(publication.venue == "Economic Geography")
    }

    @Test func yearsAreTakenFromEveryRISDateForm() throws {
        let text = """
            TY  - JOUR
            TI  - Old style
            PY  - 2011///
            ER  -
            TY  - JOUR
            TI  - Full date
            PY  - 2011/05/03/
            ER  -
            TY  - JOUR
            TI  - Date only
            DA  - 05/03/2012
            ER  -
            TY  - JOUR
            TI  - Y1 before DA
            Y1  - 1999
            DA  - 2001
            ER  -
            TY  - JOUR
            TI  - Undated
            ER  -
            """
        #expect(try read(text).publications.map(\.year) == [2011, 2011, 2012, 1999, nil])
    }

    @Test func citationNotesInTheirUsualWordings() throws {
        let text = """
            TY  - JOUR
            TI  - Scopus
            N1  - Export Date: 15 December 2021
            N1  - Cited By :2
            ER  -
            TY  - JOUR
            TI  - Bottega
            N1  - Cited by: 12
            ER  -
            TY  - JOUR
            TI  - Web of Science
            N1  - Times Cited: 5
            ER  -
            TY  - JOUR
            TI  - Not a number
            N1  - Cited by: many
            ER  -
            TY  - JOUR
            TI  - Only in the references
            N1  - References: Smith, J., (1990) A paper cited by 300 others, , Nowhere
            ER  -
            """
        let result = try read(text)
        #expect(result.publications.map(\.citations) == [2, 12, 5, 0, 0])
        #expect(result.skipped.isEmpty)
    }

    @Test func fieldsAreTakenFromTheirPreferredTags() throws {
        let text = """
            TY  - CHAP
            T1  - Old-style title
            A1  - Snyder, John P.
            AU  - Tobler, Waldo
            A2  - Editor, Ed
            BT  - The Book It Is In
            J2  - Abbrev.
            DO  - https://doi.org/10.1000/xyz
            L1  - https://example.org/a.pdf
            UR  - https://example.org/a https://example.org/b
            PB  - Esri Press
            ER  -
            TY  - BOOK
            BT  - A Book Known by BT
            ED  - Editor, Only
            JA  - Abbr. Ser.
            ER  -
            TY  - JOUR
            TI  - Authors cut short
            AU  - Tobler, W.
            AU  - et al.
            ER  -
            """
        let publications = try read(text).publications
        #expect(publications.count == 3)
        let chapter = publications[0]
        #expect(chapter.title == "Old-style title")
        #expect(chapter.authors == ["John P. Snyder", "Waldo Tobler"])
        #expect(chapter.venue == "The Book It Is In")
        #expect(chapter.doi == "10.1000/xyz")
        #expect(chapter.articleURL == "https://example.org/a")
        #expect(chapter.publisher == "Esri Press")
        #expect(chapter.type == "CHAP")
        let book = publications[1]
        #expect(book.title == "A Book Known by BT")
        #expect(book.authors == ["Only Editor"])
        #expect(book.venue == "Abbr. Ser.")
        #expect(publications[2].authors == ["W. Tobler"])
        #expect(publications[2].authorsTruncated)
    }

    // MARK: Problems

    @Test func aRecordWithoutTitleNamesItsTYLine() throws {
        let text = "TY  - JOUR\nTI  - Fine\nER  - \n\nTY  - JOUR\nAU  - Tobler, W.\nER  - \n"
        let found = problem(text)
        #expect(found?.line == 5)
        #expect(found?.message == "record starting with TY on line 5 has no title (TI or T1)")
    }

    @Test func aRecordCutShortIsReportedAtItsStart() throws {
        let text = "TY  - JOUR\nTI  - Fine\nER  - \n\nTY  - JOUR\nTI  - Cut\nAU  - Tobler, W.\n"
        let found = problem(text)
        #expect(found?.line == 5)
        #expect(found?.message.contains("no ER line") == true)
        #expect(found?.message.contains("cut short") == true)
    }

    @Test func aRecordWithoutERBeforeTheNextTYIsReportedAtItsStart() throws {
        let text = "TY  - JOUR\nTI  - Unclosed\nTY  - JOUR\nTI  - Closed\nER  - \n"
        let found = problem(text)
        #expect(found?.line == 1)
        #expect(found?.message.contains("no ER line") == true)
        #expect(found?.message.contains("line 3") == true)
        // The record after it is whole, and is kept in lenient mode.
        let result = try read(text, skipBad: true)
        #expect(result.publications.map(\.title) == ["Closed"])
        #expect(result.skipped.map(\.line) == [1])
    }

    @Test func lenientModeSkipsEachBadRecordAndKeepsTheRest() throws {
        let text = """
            TY  - JOUR
            TI  - One
            ER  -
            TY  - JOUR
            AU  - Untitled, A.
            ER  -
            TY  - JOUR
            TI  - Three
            ER  -
            TY  - JOUR
            TI  - Cut short
            """
        let result = try read(text, skipBad: true)
        #expect(result.publications.map(\.title) == ["One", "Three"])
        #expect(result.skipped.count == 2)
        #expect(result.skipped.map(\.line) == [4, 10])
        #expect(throws: ImportProblem.self) { try read(text) }
    }

    @Test func aTagLineOutsideARecordIsReported() throws {
        let text = "AU  - Stray, A.\nTI  - Stray title\n\nTY  - JOUR\nTI  - Kept\nER  - \n"
        let found = problem(text)
        #expect(found?.line == 1)
        #expect(found?.message.contains("outside a record") == true)
        #expect(found?.message.contains("'TY  - '") == true)
        // The two stray lines are one problem, not two.
        let result = try read(text, skipBad: true)
        #expect(result.publications.map(\.title) == ["Kept"])
        #expect(result.skipped.count == 1)
    }

    @Test func aFileWithoutAnyTYLineIsNotRIS() throws {
        let found = problem("title,year\nA computer movie,1970\n")
        #expect(found?.line == nil)
        #expect(found?.message == "no RIS record (TY  - …) found")
        let taggedButNoTY = problem("TI  - No TY\nER  - \n")
        #expect(taggedButNoTY?.line == nil)
        #expect(taggedButNoTY?.message.contains("no RIS record") == true)
        #expect(try read("\n\n").publications.isEmpty)
    }

    // MARK: Writing

    @Test func writtenListsReadBackUnchanged() throws {
        let original = [
            Publication(title: "A computer movie simulating urban growth in the Detroit region", authors: ["W. R. Tobler"],
                        year: 1970, citations: 5000, venue: "Economic Geography", publisher: "Clark University",
                        articleURL: "https://example.org/detroit?x=1&y=2", doi: "10.2307/143141", type: "JOUR"),
            Publication(title: "Éléments de cartographie: ça marche", authors: ["José Ángel Núñez", "Ludwig van Beethoven", "Martin Luther King Jr."],
                        authorsTruncated: true, year: 2011, citations: 12, venue: "Actes du colloque", type: "CPAPER"),
            Publication(title: "Report with a corporate author", authors: ["Ministry of Health, Labour and Welfare", "Plato"],
                        citations: 0, publisher: "Tokyo: MHLW", type: "RPRT"),
            Publication(title: "Chapter, with commas, in its title", authors: ["Dvořák, Antonín", "bell hooks"],
                        year: 1999, citations: 3, venue: "Handbook of Things", type: "CHAP"),
            Publication(title: "Anonymous", type: "GEN"),
        ]
        let text = RISWriter.write(original)
        let readBack = try read(text)
        #expect(readBack.skipped.isEmpty)
        #expect(readBack.publications == original)
    }

    @Test func writerUsesCRLFAndOneLinePerValue() throws {
        let publication = Publication(title: "Two\nlines\r\n  and more", authors: ["A. Author"], year: 2020, citations: 7, venue: "J", type: "article")
        let text = RISWriter.write([publication])
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        let expected = [
            "TY  - JOUR\r", "AU  - Author, A.\r", "TI  - Two lines and more\r", "PY  - 2020\r", "T2  - J\r",
            "N1  - Cited by: 7\r", "ER  - \r", "\r", "",
        ]
        #expect(lines == expected)
    }

    @Test func bibTeXAndUnknownTypesBecomeRISTypes() {
        let types: [String?] = ["article", "inproceedings", "book", "incollection", "phdthesis", "mastersthesis", "techreport",
                                "misc", "CITATION", nil, "JOUR", "CPAPER", "ELEC"]
        let written = types.map { RISWriter.risType(of: Publication(title: "T", type: $0)) }
        #expect(written == ["JOUR", "CPAPER", "BOOK", "CHAP", "THES", "THES", "RPRT", "GEN", "GEN", "GEN", "JOUR", "CPAPER", "ELEC"])
    }

    @Test func namesAreInvertedBothWays() {
        let pairs: [(bottega: String, ris: String)] = [
            ("W. R. Tobler", "Tobler, W. R."),
            ("Ludwig van Beethoven", "van Beethoven, Ludwig"),
            ("Martin Luther King Jr.", "King, Martin Luther, Jr."),
            ("Plato", "Plato"),
            ("Ministry of Health, Labour and Welfare", "Ministry of Health, Labour and Welfare,"),
        ]
        for pair in pairs {
            #expect(RISNames.writing(pair.bottega) == pair.ris)
            #expect(RISNames.reading(pair.ris) == pair.bottega)
        }
    }
}

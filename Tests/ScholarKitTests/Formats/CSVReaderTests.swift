import Foundation
import Testing
@testable import ScholarKit

@Suite struct CSVReaderTests {
    func read(_ text: String, file: String = "list.csv", skipBad: Bool = false) throws -> ImportResult {
        try CSVReader.read(SourceText(file: file, contents: Array(text.utf8)), options: ImportOptions(skipBadRecords: skipBad))
    }

    func readFixture(_ name: String) throws -> [Publication] {
        let source = try SourceText(file: name, contents: [UInt8](Fixtures.data("scholar/exports/\(name)")))
        return try CSVReader.read(source, options: ImportOptions()).publications
    }

    @Test(Fixtures.required) func publishOrPerishExportOfWaldoTobler() throws {
        let publications = try readFixture("pop-gscholar-waldo-tobler-PoPCites.csv")
        // SOURCES.md: 829 rows, Cites sum 28625, max 9618, h 66 and g 162 over all rows.
        #expect(publications.count == 829)
        let citations = publications.map(\.citations)
        let total: Int = citations.reduce(0, +)
        #expect(total == 28_625)
        #expect(citations.max() == 9_618)
        let report = MetricsReport(publications: publications, options: MetricsOptions(referenceYear: 2021))
        #expect(report.metrics.h == 66)
        #expect(report.metrics.g == 162)
        // First row of the file: 369,"W Tobler","Three presentations on geographical analysis and modeling",1993.
        #expect(publications[0].citations == 369)
        #expect(publications[0].authors == ["W Tobler"])
        #expect(publications[0].title == "Three presentations on geographical analysis and modeling")
        #expect(publications[0].year == 1993)
        // Second row: "Q Yang, J Snyder, W Tobler", GSRank 13.
        #expect(publications[1].authors == ["Q Yang", "J Snyder", "W Tobler"])
        #expect(publications[1].sourceRank == 13)
        // 70 rows leave Year empty: those papers have no year, rather than year 0.
        #expect(publications.filter { $0.year == nil }.count == 70)
    }

    @Test(Fixtures.required) func publishOrPerishTopicExportWithCutAuthorLists() throws {
        let publications = try readFixture("pop-gscholar-mvvm-2024-01-20.csv")
        // SOURCES.md: 38 rows, Cites sum 36, h 3.
        #expect(publications.count == 38)
        #expect(publications.map(\.citations).reduce(0, +) == 36)
        #expect(metrics(publications, year: 2024).h == 3)
        // Row 1: "Y Wang, B Lian, H Zhang, Y Zhong, J He, F Wu…", Source "…" (Scholar shows no venue).
        #expect(publications[0].authors == ["Y Wang", "B Lian", "H Zhang", "Y Zhong", "J He", "F Wu"])
        #expect(publications[0].authorsTruncated)
        #expect(publications[0].venue == nil)
        #expect(publications[0].publisher == "academic.oup.com")
    }

    @Test(Fixtures.required) func zoteroExportWithInvertedNamesAndNoCitations() throws {
        let publications = try readFixture("zotero-waldo-tobler.csv")
        // SOURCES.md: 330 rows; Zotero has no citation column.
        #expect(publications.count == 330)
        #expect(publications.allSatisfy { $0.citations == 0 })
        // Row 1: "JX3WD4DW","presentation","1999","Tobler, W. R.","Unusual Map Projections", two URLs joined by "|".
        #expect(publications[0].title == "Unusual Map Projections")
        #expect(publications[0].authors == ["W. R. Tobler"])
        #expect(publications[0].year == 1999)
        #expect(publications[0].type == "presentation")
        #expect(publications[0].articleURL == "https://ktwop.files.wordpress.com/2012/09/unusual-map-projections-tobler-1999.pdf")
    }

    @Test func quotedFieldsHoldCommasQuotesAndNewlines() throws {
        let text = "Title,Authors,Year,Cites\r\n\"Maps, \"\"projections\"\"\nand more\",\"A One, B Two\",2001,7\r\nPlain,C Three,1999,0\r\n"
        let publications = try read(text).publications
        #expect(publications.count == 2)
        #expect(publications[0].title == "Maps, \"projections\"\nand more")
        #expect(publications[0].authors == ["A One", "B Two"])
        #expect(publications[1].title == "Plain" && publications[1].year == 1999)
    }

    @Test func semicolonAndTabSeparatedFilesAreRecognised() throws {
        let semicolons = try read("Titel;Title;Authors;Citations\nx;Ein Titel;Müller, K.; 4\n").publications
        #expect(semicolons.first?.title == "Ein Titel")
        #expect(semicolons.first?.citations == 4)
        let tabs = try read("TI\tAU\tPY\tTC\tSO\nGlobal maps\tTobler, W; Chen, Z\t1970\t12\tEcon Geogr\n").publications
        #expect(tabs.first?.authors == ["W Tobler", "Z Chen"])
        #expect(tabs.first?.year == 1970 && tabs.first?.citations == 12 && tabs.first?.venue == "Econ Geogr")
    }

    @Test func headerSpellingsOfOtherExportsAreMatched() throws {
        // Scopus: "Source title" is the journal, "Source" is the database.
        let scopus = try read("Authors,Title,Year,Source title,Cited by,DOI,Source\n\"Tobler W.R.\",Cellular geography,1979,Philosophy in Geography,310,10.1007/978-94-009-9394-5_18,Scopus\n")
        let paper = try #require(scopus.publications.first)
        #expect(paper.venue == "Philosophy in Geography")
        #expect(paper.citations == 310)
        #expect(paper.doi == "10.1007/978-94-009-9394-5_18")
    }

    @Test func blankLinesAndShortRowsAreTolerated() throws {
        let publications = try read("Title,Year,Cites\n\nOnly a title\n,,\nFull,2000,3\n").publications
        #expect(publications.map(\.title) == ["Only a title", "Full"])
        #expect(publications[0].citations == 0 && publications[0].year == nil)
    }

    @Test func aNonNumericCitationCountNamesTheLineAndTheValue() throws {
        let text = "Cites,Title\n3,Good\nlots,Bad\n5,\"Also\ngood\"\n"
        let error = try #require(throws: ImportProblem.self) { try read(text, file: "bad.csv") }
        #expect(error.file == "bad.csv")
        #expect(error.line == 3)
        #expect(error.message.contains("'lots'") && error.message.contains("Cites"))
    }

    @Test func lenientModeSkipsBadRowsAndCountsThem() throws {
        let text = "Cites,Title\n3,Good\nlots,Bad\n1,\n5,\"Also\ngood\"\n2,Last\n"
        let result = try read(text, skipBad: true)
        #expect(result.publications.map(\.title) == ["Good", "Also\ngood", "Last"])
        #expect(result.skipped.map(\.line) == [3, 4])
    }

    @Test func aFileWithoutATitleColumnIsRefusedWithItsHeader() throws {
        let error = try #require(throws: ImportProblem.self) { try read("Name,Count\nx,1\n") }
        #expect(error.line == 1)
        #expect(error.message.contains("no title column") && error.message.contains("'Name'"))
    }

    @Test func anUnclosedQuoteIsReportedWhereItOpens() throws {
        let error = try #require(throws: ImportProblem.self) { try read("Title,Cites\nFine,1\n\"Never closed,2\nmore,3\n") }
        #expect(error.line == 3)
        #expect(error.message.contains("never closed"))
    }

    @Test func windows1252BytesAreReadAsTheirCharacters() throws {
        // "Caf\xE9 \x93quoted\x94" in Windows-1252, as old Excel on Windows saved it.
        let bytes: [UInt8] = Array("Title\nCaf".utf8) + [0xE9, 0x20, 0x93] + Array("quoted".utf8) + [0x94, 0x0A]
        let result = try CSVReader.read(SourceText(file: "old.csv", contents: bytes), options: ImportOptions())
        #expect(result.publications.first?.title == "Café “quoted”")
    }
}

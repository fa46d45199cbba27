import CSVText
import Testing
@testable import ScholarKit

@Suite struct CSVWriterTests {
    @Test func writesPublishOrPerishColumnsThatReadBack() throws {
        let original = [
            Publication(title: "Maps, \"projections\" and more", authors: ["W Tobler", "Q Yang"], authorsTruncated: true, year: 1999,
                        citations: 217, venue: "Geographical Analysis", publisher: "Wiley", articleURL: "https://example.org/a",
                        citesURL: "https://scholar.google.com/scholar?cites=1", doi: "10.1111/x", type: "PDF", sourceRank: 2),
            Publication(title: "Zweite Arbeit über Ähnlichkeit\nmit Zeilenumbruch", authors: ["Ä Öztürk"], citations: 0),
        ]
        let text = CSVWriter.write(original, referenceYear: 2021)
        let header = try #require(text.dropFirst().split(separator: "\r\n").first)
        #expect(header == "Cites,Authors,Title,Year,Source,Publisher,ArticleURL,CitesURL,GSRank,QueryDate,Type,DOI,ISSN,CitationURL,Volume,Issue,StartPage,EndPage,ECC,CitesPerYear,CitesPerAuthor,AuthorCount,Age,Abstract,FullTextURL,RelatedURL")
        let readBack = try CSVReader.read(SourceText(file: "out.csv", contents: Array(text.utf8)), options: ImportOptions()).publications
        #expect(readBack == original)
    }

    @Test func derivedColumnsArePublishOrPerishs() throws {
        // Row 2 of PoP's own Tobler export (queried 2021): 217 cites, "Q Yang, J Snyder, W Tobler", 1999,
        // CitesPerYear 9.86, CitesPerAuthor 72, AuthorCount 3, Age 22.
        let paper = Publication(title: "Map projection transformation: principles and applications", authors: ["Q Yang", "J Snyder", "W Tobler"], year: 1999, citations: 217)
        let text = CSVWriter.write([paper], referenceYear: 2021)
        let value = try Self.cells(of: text)
        #expect(value("Age") == "22")
        #expect(value("CitesPerYear") == "9.86")
        #expect(value("CitesPerAuthor") == "72")
        #expect(value("AuthorCount") == "3")
    }

    @Test func aCutListCountsOneMoreAuthorAsPoPDoes() throws {
        // Row 13 of PoP's Tobler export: 35 cites, "RG Golledge, R Church, J Dozier, JE Estes, ...", 1982 →
        // CitesPerYear 0.90, CitesPerAuthor 7, AuthorCount 5, Age 39.
        let paper = Publication(title: "T", authors: ["RG Golledge", "R Church", "J Dozier", "JE Estes"], authorsTruncated: true, year: 1982, citations: 35)
        let value = try Self.cells(of: CSVWriter.write([paper], referenceYear: 2021))
        #expect(value("AuthorCount") == "5")
        #expect(value("CitesPerAuthor") == "7")
        #expect(value("CitesPerYear") == "0.90")
        #expect(value("Age") == "39")
    }

    private static func cells(of text: String) throws -> (String) -> String {
        var tokenizer = CSVTokenizer(bytes: Array(text.utf8.dropFirst(3)), delimiter: UInt8(ascii: ","))
        let header = try #require(try tokenizer.next()).fields
        let row = try #require(try tokenizer.next()).fields
        return { column in row[header.firstIndex(of: column) ?? 0] }
    }
}

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

    @Test func derivedColumnsUseTheMetricsAge() throws {
        // 217 citations, 2 authors, published 1999, reference year 2021: age = 2021 − 1999 + 1 = 23,
        // cites per year = 217 / 23 = 9.43, cites per author = 217 / 2 = 108.5 → 109.
        let paper = Publication(title: "T", authors: ["A", "B"], year: 1999, citations: 217)
        let text = CSVWriter.write([paper], referenceYear: 2021)
        let tokenizerInput = Array(text.utf8.dropFirst(3))
        var tokenizer = CSVTokenizer(bytes: tokenizerInput, delimiter: UInt8(ascii: ","))
        let header = try #require(try tokenizer.next()).fields
        let row = try #require(try tokenizer.next()).fields
        let value = { (column: String) in row[header.firstIndex(of: column) ?? 0] }
        #expect(value("Age") == "23")
        #expect(value("CitesPerYear") == "9.43")
        #expect(value("CitesPerAuthor") == "109")
        #expect(value("AuthorCount") == "2")
    }
}

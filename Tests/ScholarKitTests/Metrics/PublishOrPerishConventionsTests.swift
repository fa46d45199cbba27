import CSVText
import Foundation
import Testing
@testable import ScholarKit

/// Publish or Perish's own exports are the oracle: every row's Age, CitesPerYear, AuthorCount and
/// CitesPerAuthor as PoP wrote them, read with the plain tokenizer (not Bottega's importer), against
/// what Bottega computes for the same paper at the file's own query date.
@Suite(Fixtures.required) struct PublishOrPerishConventionsTests {
    static let popExports = ["pop-gscholar-waldo-tobler-PoPCites.csv", "pop-gscholar-mvvm-2024-01-20.csv"]

    /// The file's rows as PoP wrote them: column name → cell.
    static func popRows(_ name: String) throws -> [[String: String]] {
        var tokenizer = CSVTokenizer(bytes: Array(try Fixtures.data("scholar/exports/\(name)").dropFirst(3)), delimiter: UInt8(ascii: ","))
        let header = try #require(try tokenizer.next()).fields
        var rows: [[String: String]] = []
        while let record = try tokenizer.next() {
            rows.append(Dictionary(uniqueKeysWithValues: zip(header, record.fields)))
        }
        return rows
    }

    /// "…, IL Schafer, Y Shefti, W Tobler, ...": Scholar's list elided before and after the names shown.
    static func isCutAtBothEnds(_ authors: String) -> Bool {
        let marks = ["…", "..."]
        return authors.count > 3 && marks.contains { authors.hasPrefix($0) } && marks.contains { authors.hasSuffix($0) }
    }

    @Test(arguments: popExports) func everyRowsAgeAndRatesAreTheOnesPoPWrote(name: String) throws {
        let expected = try Self.popRows(name)
        let publications = try PublicationImporter.read(contentsOf: Fixtures.exports(name)).publications
        try #require(publications.count == expected.count)
        let options = MetricsOptions.untilQueryDate().resolved(for: publications)
        let queryDate = try #require(expected.first?["QueryDate"])
        let queryYear = try #require(Int(queryDate.prefix(4)))
        #expect(options.referenceYear == queryYear && options.referenceYearSource == .queryDate)
        var compared = 0, cutAtBothEnds = 0
        for (publication, pop) in zip(publications, expected) {
            // PoP writes two decimals rounded half up (0.125 → 0.13).
            let perYear = (PublicationListOrder.citationsPerYear(publication, options.referenceYear) * 100).rounded() / 100
            #expect(String(format: "%.2f", perYear) == pop["CitesPerYear"], "\(publication.title)")
            #expect(publication.year.map { String(PaperAge.years(publishedIn: $0, referenceYear: options.referenceYear)) } ?? "" == pop["Age"], "\(publication.title)")
            // PoP counts every "…" of a list as an author: a list cut at both ends ("…, IL Schafer, …,
            // W Tobler, ...") counts two more than it names. Bottega keeps one cut mark per list and
            // counts one: the known difference, on 10 of the Tobler export's 829 rows.
            if Self.isCutAtBothEnds(pop["Authors"] ?? "") {
                #expect(String(publication.authorCountForMetrics + 1) == pop["AuthorCount"], "\(publication.title)")
                cutAtBothEnds += 1
                continue
            }
            #expect(String(publication.authorCountForMetrics) == pop["AuthorCount"], "\(publication.title)")
            let perAuthor = (Double(publication.citations) / Double(publication.authorCountForMetrics)).rounded()
            #expect(String(Int(perAuthor)) == pop["CitesPerAuthor"], "\(publication.title)")
            compared += 1
        }
        #expect(compared + cutAtBothEnds == expected.count)
        #expect(cutAtBothEnds == (name.contains("tobler") ? 10 : 0))
    }

    /// The metrics PoP's columns give when summed by hand: AWCR = Σ CitesPerYear, hA = h of
    /// CitesPerYear, hc = h of 4 · Cites / Age, acc1 = rows with CitesPerYear ≥ 1.
    @Test func theToblerMetricsAreTheSumsOfPoPsOwnColumns() throws {
        let rows = try Self.popRows("pop-gscholar-waldo-tobler-PoPCites.csv")
        let rates = rows.map { Double($0["CitesPerYear"]!)! }
        let contemporary = rows.map { row in row["Age"].flatMap(Double.init).map { 4 * Double(row["Cites"]!)! / $0 } ?? 0 }
        func h(_ scores: [Double]) -> Int {
            let sorted = scores.sorted(by: >)
            return sorted.indices.last { sorted[$0] >= Double($0 + 1) }.map { $0 + 1 } ?? 0
        }
        var accumulator = MetricsAccumulator(options: .untilQueryDate())
        _ = try PublicationMetricsReader.read(contentsOf: Fixtures.exports("pop-gscholar-waldo-tobler-PoPCites.csv"), into: &accumulator)
        let metrics = accumulator.metrics
        #expect(accumulator.resolvedOptions.referenceYear == 2021)
        // PoP rounds CitesPerYear to 2 decimals in its file: the sum of 829 rounded rates is within 829 × 0.005.
        #expect(abs(metrics.awcr - rates.reduce(0, +)) < Double(rows.count) * 0.005)
        #expect(metrics.hA == h(rates))
        #expect(metrics.hc == h(contemporary))
        #expect(metrics.acc1 == rates.filter { $0 >= 1 }.count)
        // The figures issue 38 quotes from PoP's columns.
        #expect((metrics.awcr * 10).rounded() / 10 == 1_116.1)
        #expect(metrics.hc == 30 && metrics.hA == 14 && metrics.acc1 == 154)
    }

    @Test(arguments: popExports) func aRoundTripKeepsEveryPoPColumn(name: String) throws {
        let original = try Self.popRows(name)
        let publications = try PublicationImporter.read(contentsOf: Fixtures.exports(name)).publications
        let written = try PublicationExporter.export(publications, as: .csv, options: .untilQueryDate())
        var tokenizer = CSVTokenizer(bytes: Array(written.utf8.dropFirst(3)), delimiter: UInt8(ascii: ","))
        let header = try #require(try tokenizer.next()).fields
        var again: [[String: String]] = []
        while let record = try tokenizer.next() { again.append(Dictionary(uniqueKeysWithValues: zip(header, record.fields))) }
        try #require(again.count == original.count)
        // Two cells are written in Bottega's one spelling of what PoP spelled two ways: a cut
        // author list ends "…" (PoP 7 wrote ", ...") and a venue Scholar showed as "…" is no venue.
        let respelled: Set<String> = ["Authors", "Source"]
        for (before, after) in zip(original, again) {
            // A list cut at both ends counts one author fewer (see the test above).
            let authors = before["Authors"] ?? ""
            let cutAtBothEnds = Self.isCutAtBothEnds(authors)
            for (column, cell) in before where !respelled.contains(column) && !(cutAtBothEnds && ["AuthorCount", "CitesPerAuthor"].contains(column)) {
                #expect(after[column] == cell, "\(column) of \(before["Title"] ?? "")")
            }
            #expect(AuthorList.split(after["Authors"] ?? "") == AuthorList.split(authors))
            #expect(after["Source"] == (before["Source"] == "…" ? "" : before["Source"]))
        }
    }
}

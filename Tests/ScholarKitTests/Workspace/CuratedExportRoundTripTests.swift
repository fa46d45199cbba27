import CSVText
import Foundation
import Testing
@testable import ScholarKit

/// Issue 38: an export writes the curation, and importing it restores the curated search. The
/// real Tobler export is curated (two papers ticked out, one a namesake's by the name rule,
/// two records merged); the expected figures are worked out from PoP's own cells, read with
/// the plain tokenizer, not from Bottega's importer.
@Suite(Fixtures.required) struct CuratedExportRoundTripTests {
    static let file = "pop-gscholar-waldo-tobler-PoPCites.csv"

    /// PoP's rows as (title, cites), in file order.
    static func popCells() throws -> [(title: String, cites: Int)] {
        var tokenizer = CSVTokenizer(bytes: Array(try Fixtures.data("scholar/exports/\(file)").dropFirst(3)), delimiter: UInt8(ascii: ","))
        let header = try #require(try tokenizer.next()).fields
        let (title, cites) = (try #require(header.firstIndex(of: "Title")), try #require(header.firstIndex(of: "Cites")))
        var rows: [(String, Int)] = []
        while let record = try tokenizer.next() { rows.append((record.fields[title], Int(record.fields[cites]) ?? -1)) }
        return rows
    }

    /// Equal metrics; the sums of ratios may differ in their last bits, the papers being added in another order.
    static func expectSame(_ found: ImpactMetrics, _ expected: ImpactMetrics, sourceLocation: SourceLocation = #_sourceLocation) {
        for key in ImpactMetrics.keys where key != "approximate" {
            let (a, b) = (number(found.value(forKey: key)), number(expected.value(forKey: key)))
            #expect(abs(a - b) <= 1e-9 * max(1, abs(b)), "\(key): \(a) against \(b)", sourceLocation: sourceLocation)
        }
        #expect(found.approximate == expected.approximate, sourceLocation: sourceLocation)
    }

    static func number(_ value: MetricValue) -> Double {
        switch value {
        case .integer(let integer): Double(integer)
        case .real(let real): real
        case .none: -1
        }
    }

    static func h(_ citations: [Int]) -> Int {
        let sorted = citations.sorted(by: >)
        return sorted.enumerated().filter { $0.element >= $0.offset + 1 }.count
    }

    /// The curated search: "Cellular geography" (1,337) and "Map transformations of geographic
    /// space" (173) ticked out, then the 6th and 7th most cited of the rest merged.
    static func curated(in workspace: ScholarWorkspace) throws -> (id: Int64, excluded: [String], merged: [String]) {
        let publications = try PublicationImporter.read(contentsOf: Fixtures.exports(file)).publications
        let id = try workspace.store(FetchedSearch(publications: publications), parameters: SearchParameters(source: .file, fileName: file)).searchID
        let stored = try workspace.open(id, options: testOptions)
        let excluded = ["Cellular geography", "Map transformations of geographic space"]
        try workspace.setExcluded(excluded.map { try #require(stored.id(of: $0)) }, excluded: true, in: id)
        let included = try workspace.open(id, options: testOptions).publications.filter { $0.status != .excluded }
        let merged = Array(included[5...6])
        _ = try workspace.merge(merged.map(\.id), in: id)
        return (id, excluded, merged.map(\.publication.title))
    }

    @Test func theCuratedFiguresAreThoseOfPoPsCellsWithoutTheExcludedPapers() throws {
        let workspace = try makeWorkspace()
        let (id, excluded, _) = try Self.curated(in: workspace)
        let cells = try Self.popCells()
        let kept = cells.filter { !excluded.contains($0.title) }
        #expect(kept.count == cells.count - 2)
        // A merge sums its members' citations: h and the total over the records are worked out
        // with the 6th and 7th most cited as one.
        var counts = kept.map(\.cites).sorted(by: >)
        counts[5] += counts.remove(at: 6)
        let metrics = try workspace.open(id, options: testOptions).report.metrics
        #expect(metrics.citations == cells.map(\.cites).reduce(0, +) - 1_337 - 173)
        #expect(metrics.papers == kept.count - 1)
        #expect(metrics.h == Self.h(counts))
    }

    @Test(arguments: [PublicationFormat.csv, .bibtex, .ris, .json])
    func anExportReimportedIsTheCuratedSearch(format: PublicationFormat) throws {
        let workspace = try makeWorkspace()
        let (id, excluded, _) = try Self.curated(in: workspace)
        let curated = try workspace.open(id, options: testOptions)

        // By default: only the included papers, the merge as one record, as PoP exports its checked lines.
        let text = try curated.exported(as: format, options: testOptions)
        let again = try PublicationImporter.read(contents: Array(text.utf8), file: "again.\(format.fileExtension)").publications
        #expect(again.count == curated.report.metrics.papers)
        #expect(!again.contains { excluded.contains($0.title) })
        let reimported = try workspace.store(FetchedSearch(publications: again), parameters: SearchParameters(source: .file, fileName: "again")).searchID
        Self.expectSame(try workspace.open(reimported, options: testOptions).report.metrics, curated.report.metrics)

        // With every paper: the excluded ones come back excluded, for the same reason.
        let all = try curated.exported(as: format, includingExcluded: true, options: testOptions)
        let everything = try PublicationImporter.read(contents: Array(all.utf8), file: "all.\(format.fileExtension)").publications
        let restoredID = try workspace.store(FetchedSearch(publications: everything), parameters: SearchParameters(source: .file, fileName: "all")).searchID
        let restored = try workspace.open(restoredID, options: testOptions)
        Self.expectSame(restored.report.metrics, curated.report.metrics)
        #expect(restored.publications.count == curated.publications.count)
        for title in excluded {
            #expect(restored.item(title)?.status == .excluded, "\(title)")
            #expect(restored.item(title)?.exclusionReason == "user", "\(title)")
        }
        #expect(Set(restored.publications.filter { $0.status != .excluded }.map(\.publication.title))
            == Set(curated.publications.filter { $0.status != .excluded }.map(\.publication.title)))
    }

    @Test(arguments: [PublicationFormat.csv, .bibtex, .ris, .json])
    func aNamesakeExcludedByTheNameRuleKeepsItsReason(format: PublicationFormat) throws {
        let workspace = try makeWorkspace()
        var fetched = FetchedSearch(publications: [
            Publication(title: "Ours", authors: ["WR Tobler"], year: 1970, citations: 20),
            Publication(title: "A namesake's", authors: ["MW Tobler"], year: 2008, citations: 809),
        ])
        fetched.exclusions = [1: "name"]
        let id = try workspace.store(fetched, parameters: SearchParameters(source: .file, fileName: "two")).searchID
        let all = try workspace.open(id, options: testOptions).exported(as: format, includingExcluded: true, options: testOptions)
        let again = try PublicationImporter.read(contents: Array(all.utf8), file: "all.\(format.fileExtension)").publications
        let restored = try workspace.open(try workspace.store(FetchedSearch(publications: again), parameters: SearchParameters(source: .file, fileName: "again")).searchID, options: testOptions)
        #expect(restored.item("A namesake's")?.exclusionReason == "name")
        #expect(restored.report.metrics.citations == 20)
        // The metrics read straight from the file honour the marks too.
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bottega-marks-\(UUID().uuidString).\(format.fileExtension)")
        try Data(all.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var accumulator = MetricsAccumulator(options: testOptions)
        _ = try PublicationMetricsReader.read(contentsOf: url, into: &accumulator)
        #expect(accumulator.metrics.citations == 20 && accumulator.metrics.papers == 1)
    }
}

import Foundation
import Testing
@testable import ScholarKit

/// Issue 21: a real export read and written back in its own format, then read again, keeps
/// every field Bottega understood, compared field by field.
@Suite(Fixtures.required)
struct RoundTripTests {
    private static let options = MetricsOptions(referenceYear: 2026)

    /// `format`'s own file read, written and read again. Publish or Perish's CSV has no keyword
    /// column and parts pages into StartPage and EndPage, so for CSV the keywords are not
    /// compared and pages are compared as their start and end.
    private func roundTrip(
        _ file: String, as format: PublicationFormat, through written: PublicationFormat? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [Publication] {
        let through = written ?? format
        let isCSV = through == .csv
        // Web of Science parts pages into BP and EP, as Publish or Perish's CSV does.
        let partsPages = isCSV || through == .isi
        func pages(_ details: PublicationDetails?) -> String {
            guard partsPages else { return details?.pages ?? "" }
            return details?.pageRange.map { "\($0.start)|\($0.end ?? "")" } ?? ""
        }
        let first = try PublicationImporter.read(contentsOf: Fixtures.exports(file), format: format).publications
        let format = through
        let written = try PublicationExporter.export(first, as: format, options: Self.options)
        let second = try PublicationImporter.read(contents: Array(written.utf8), file: "written.\(format)", format: format).publications
        #expect(second.count == first.count, sourceLocation: sourceLocation)
        for (before, after) in zip(first, second) {
            let fields: [(String, String, String)] = [
                ("title", before.title, after.title), ("authors", before.authors.joined(separator: "|"), after.authors.joined(separator: "|")),
                ("authorsTruncated", "\(before.authorsTruncated)", "\(after.authorsTruncated)"),
                ("year", "\(before.year as Any)", "\(after.year as Any)"), ("citations", "\(before.citations)", "\(after.citations)"),
                ("venue", before.venue ?? "", after.venue ?? ""), ("publisher", before.publisher ?? "", after.publisher ?? ""),
                ("url", before.articleURL ?? "", after.articleURL ?? ""), ("doi", before.doi ?? "", after.doi ?? ""),
                ("volume", before.details?.volume ?? "", after.details?.volume ?? ""),
                ("issue", before.details?.issue ?? "", after.details?.issue ?? ""),
                ("pages", pages(before.details), pages(after.details)),
                ("issn", before.details?.issn ?? "", after.details?.issn ?? ""),
                ("abstract", before.details?.abstract ?? "", after.details?.abstract ?? ""),
                ("keywords", isCSV ? "" : (before.details?.keywords ?? []).joined(separator: "|"), isCSV ? "" : (after.details?.keywords ?? []).joined(separator: "|")),
                ("queryDate", before.details?.queryDate ?? "", after.details?.queryDate ?? ""),
            ]
            for (name, old, new) in fields where old != new {
                Issue.record("\(file): \(before.title.prefix(40)): \(name) was \(old.prefix(60)), is \(new.prefix(60))", sourceLocation: sourceLocation)
            }
        }
        return first
    }

    @Test func test_scopusRISKeepsVolumeIssuePagesISSNAbstractAndKeywords() throws {
        let read = try roundTrip("scopus-waldo-tobler.ris", as: .ris)
        // The first record, as the file gives it.
        let mercator = try #require(read.first { $0.title == "A new companion for Mercator" }?.details)
        #expect(mercator.volume == "45" && mercator.issue == "3" && mercator.pages == "284-285")
        #expect(mercator.issn == "15230406 (ISSN)")
        #expect(mercator.keywords.count == 21 && mercator.keywords.first == "equal area" && mercator.keywords.last == "Abies alba")
        #expect(mercator.abstract?.hasPrefix("The inappropriate use of the Mercator projection") == true)
        #expect(read.filter { $0.details?.abstract != nil }.count > 40)
    }

    @Test func test_webOfScienceBibTeXKeepsItsFields() throws {
        let read = try roundTrip("wos-propithecus-coquereli-savedrecs.bib", as: .bibtex)
        let sifaka = try #require(read.first { $0.doi == "10.1638/2011-0033.1" }?.details)
        #expect(sifaka.volume == "42" && sifaka.issue == "4" && sifaka.pages == "759-762" && sifaka.issn == "1042-7260")
        #expect(sifaka.keywords == ["Coquerel's sifaka", "dermatophytosis", "Propithecus coquereli", "terbinafine", "Trichophyton mentagrophytes"])
        #expect(sifaka.abstract?.hasPrefix("A 19-yr-old intact male Coquerel's sifaka") == true)
    }

    @Test func test_dblpBibTeXAndPublishOrPerishCSVAndJSONRoundTrip() throws {
        _ = try roundTrip("../dblp/dblp-michael-ley.bib", as: .bibtex)
        let csv = try roundTrip("pop-gscholar-waldo-tobler-PoPCites.csv", as: .csv)
        #expect(csv.contains { $0.details?.queryDate == "2021-12-14 16:19:11" })
        #expect(csv.contains { $0.details?.abstract?.hasPrefix("Five of the most important and useful theoretical models") == true })
        let json = try roundTrip("pop-gscholar-json-microsourcing.json", as: .json)
        #expect(json.contains { $0.details?.volume != nil || $0.details?.pages != nil })
        _ = try roundTrip("zotero-waldo-tobler.csv", as: .csv)
    }

    /// Issue 43: the formats Publish or Perish exports to beside RIS and BibTeX. Each real file
    /// is written as EndNote, Web of Science and JSON Lines and read back, every field kept.
    @Test func test_endNoteWebOfScienceAndJSONLinesKeepEveryField() throws {
        for format: PublicationFormat in [.endnote, .isi, .jsonl] {
            let scopus = try roundTrip("scopus-waldo-tobler.ris", as: .ris, through: format)
            #expect(scopus.count > 40)
            _ = try roundTrip("wos-propithecus-coquereli-savedrecs.bib", as: .bibtex, through: format)
            _ = try roundTrip("pop-gscholar-waldo-tobler-PoPCites.csv", as: .csv, through: format)
        }
    }
}

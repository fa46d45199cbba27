import Foundation
import Testing
@testable import ScholarKit

/// EndNote, Web of Science and JSON Lines (issue 43): a curated list keeps its curation through
/// each, and the files are told apart by their content.
@Suite struct TaggedFormatTests {
    static let curated = [
        Publication(
            title: "A computer movie simulating urban growth in the Detroit region", authors: ["W. R. Tobler"], year: 1970, citations: 8123,
            venue: "Economic Geography", doi: "10.2307/143141", type: "JOUR",
            details: PublicationDetails(volume: "46", pages: "234-240", keywords: ["first law", "geography"], mergeMark: MergeMark(number: 1))),
        Publication(
            title: "A computer movie simulating urban growth", authors: ["W Tobler", "Others"], authorsTruncated: true, year: 1970, citations: 12,
            details: PublicationDetails(mergeMark: MergeMark(memberOf: 1))),
        Publication(title: "Smooth pycnophylactic interpolation", authors: ["Waldo Tobler"], year: 1979, citations: 1400, isExcluded: true, exclusionReason: "name"),
    ]

    @Test(arguments: [PublicationFormat.endnote, .isi, .jsonl])
    func aCuratedListKeepsItsExclusionsMergesAndCounts(format: PublicationFormat) throws {
        let text = try PublicationExporter.export(Self.curated, as: format, options: MetricsOptions(referenceYear: 2026))
        let read = try PublicationImporter.read(contents: Array(text.utf8), file: "list.\(format.fileExtension)").publications
        #expect(read.map(\.title) == Self.curated.map(\.title))
        #expect(read.map(\.citations) == [8123, 12, 1400])
        #expect(read.map(\.isExcluded) == [false, false, true] && read[2].exclusionReason == "name")
        #expect(read.map { $0.details?.mergeMark } == [MergeMark(number: 1), MergeMark(memberOf: 1), nil])
        #expect(read[1].authorsTruncated && read[1].authors == ["W Tobler"])
        #expect(read[0].doi == "10.2307/143141" && read[0].details?.keywords == ["first law", "geography"])
    }

    @Test func theFilesAreWrittenAsTheirReadersExpect() throws {
        let endNote = try PublicationExporter.export([Self.curated[0]], as: .endnote, options: MetricsOptions(referenceYear: 2026))
        // EndNote's own tags, the reference type's name, "Last, First" authors.
        #expect(endNote.hasPrefix("%0 Journal Article\n%A Tobler, W. R.\n%T A computer movie simulating urban growth in the Detroit region\n%D 1970\n%J Economic Geography\n"))
        #expect(endNote.contains("%R 10.2307/143141\n") && endNote.contains("%Z Cited by: 8123\n"))
        let wos = try PublicationExporter.export([Self.curated[0]], as: .isi, options: MetricsOptions(referenceYear: 2026))
        #expect(wos.hasPrefix("FN Clarivate Analytics Web of Science\nVR 1.0\n\nPT J\nAF Tobler, W. R.\nTI A computer movie"))
        #expect(wos.contains("BP 234\nEP 240\n") && wos.contains("DI 10.2307/143141\n") && wos.contains("TC 8123\n"))
        #expect(wos.hasSuffix("ER\n\nEF\n"))
        let lines = try PublicationExporter.export(Self.curated, as: .jsonl, options: MetricsOptions(referenceYear: 2026))
        #expect(lines.split(separator: "\n").count == 3)
    }

    @Test func aWebOfScienceRecordWithWrappedLinesIsReadWhole() throws {
        // As Web of Science writes it: AU and AF one name per line, a title over two lines.
        let text = """
            FN Clarivate Analytics Web of Science
            VR 1.0
            PT J
            AU Phair, K
               Larsen, RS
            AF Phair, Kristen
               Larsen, R. Scott
            TI DERMATOPHYTOSIS (TRICHOPHYTON MENTAGROPHYTES) IN A COQUEREL'S SIFAKA
               (PROPITHECUS COQUERELI)
            SO JOURNAL OF ZOO AND WILDLIFE MEDICINE
            PY 2011
            VL 42
            BP 759
            EP 762
            DI 10.1638/2011-0033.1
            TC 3
            Z9 3
            ER

            EF
            """
        let read = try PublicationImporter.read(contents: Array(text.utf8), file: "savedrecs.txt")
        let paper = try #require(read.publications.first)
        #expect(read.publications.count == 1)
        #expect(paper.authors == ["Kristen Phair", "R. Scott Larsen"])
        #expect(paper.title == "DERMATOPHYTOSIS (TRICHOPHYTON MENTAGROPHYTES) IN A COQUEREL'S SIFAKA (PROPITHECUS COQUERELI)")
        #expect(paper.citations == 3 && paper.year == 2011 && paper.details?.pages == "759-762" && paper.doi == "10.1638/2011-0033.1")
    }

    @Test func badRecordsAreReportedByLine() throws {
        let endNote = "%0 Journal Article\n%T Fine\n%D 2001\n\n%0 Journal Article\n%A Nobody\n%D 2002\n"
        let noTitle = #expect(throws: ImportProblem.self) { try PublicationImporter.read(contents: Array(endNote.utf8), file: "list.enw") }
        #expect(noTitle?.line == 5 && noTitle?.message == "the record has no title (%T)")
        let open = "FN Clarivate Analytics Web of Science\nVR 1.0\nPT J\nTI Unfinished\n"
        let unfinished = #expect(throws: ImportProblem.self) { try PublicationImporter.read(contents: Array(open.utf8), file: "list.ciw") }
        #expect(unfinished?.line == 3 && unfinished?.message == "the record starting on line 3 has no ER line")
        let jsonLines = "{\"title\": \"One\", \"citations\": 3}\n\n{\"title\": \"Two\", \"citations\": \"many\"}\n"
        let bad = #expect(throws: ImportProblem.self) { try PublicationImporter.read(contents: Array(jsonLines.utf8), file: "list.jsonl") }
        #expect(bad?.line == 3)
        let lenient = try PublicationImporter.read(contents: Array(jsonLines.utf8), file: "list.jsonl", options: ImportOptions(skipBadRecords: true))
        #expect(lenient.publications.map(\.title) == ["One"] && lenient.skipped.count == 1)
    }

    @Test func theFormatIsToldByTheContent() throws {
        let head = { (text: String) in PublicationFormat.sniff(Array(text.utf8)[...]) }
        #expect(head("%0 Journal Article\n%T x\n") == .endnote)
        #expect(head("FN Clarivate Analytics Web of Science\nVR 1.0\n") == .isi)
        #expect(head("{\"title\": \"a\"}\n{\"title\": \"b\"}\n") == .jsonl)
        #expect(head("{\"publications\": []}") == .json)
        // Web of Science saves its tagged text as .txt, which is otherwise read as CSV.
        #expect(try PublicationImporter.chooseFormat(file: "savedrecs.txt", head: Array("FN Clarivate\nVR 1.0\n".utf8)[...], given: nil) == .isi)
        #expect(PublicationFormat(name: "wos") == .isi && PublicationFormat(name: "enw") == .endnote && PublicationFormat(name: "ndjson") == .jsonl)
    }
}

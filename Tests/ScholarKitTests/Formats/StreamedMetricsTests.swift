import Foundation
import Testing
import TestSupport
@testable import ScholarKit

/// `PublicationMetricsReader` reads files in pieces for their metrics alone. Its oracle is the
/// whole-file path (`PublicationImporter` then `MetricsReport`), a separate reader: for every file
/// and every piece size, the metrics, the counts and the messages must be the same.
@Suite struct StreamedMetricsTests {
    static let options = MetricsOptions(referenceYear: 2024)
    /// Pieces from 16 bytes (every record cut, quotes and CRLFs split) to the default 4 MiB.
    static let chunkSizes = [16, 17, 61, 1_000, PublicationMetricsReader.defaultChunkSize]

    struct Outcome: Equatable {
        var metrics: ImpactMetrics?
        var papers = 0
        var skipped: [ImportProblem] = []
        var skippedCount = 0
        var changed: [ImportProblem] = []
        var changedCount = 0
        var error: String?
    }

    static func whole(_ url: URL, format: PublicationFormat? = nil, skipBad: Bool = false, options: MetricsOptions = options) -> Outcome {
        do {
            let result = try PublicationImporter.read(contentsOf: url, format: format, options: ImportOptions(skipBadRecords: skipBad))
            return Outcome(
                metrics: MetricsReport(publications: result.publications, options: options).metrics, papers: result.publications.count,
                skipped: Array(result.skipped.prefix(10)), skippedCount: result.skipped.count,
                changed: Array(result.changed.prefix(10)), changedCount: result.changed.count
            )
        } catch {
            return Outcome(error: "\(error)")
        }
    }

    static func streamed(_ url: URL, format: PublicationFormat? = nil, skipBad: Bool = false, chunkSize: Int, options: MetricsOptions = options) -> Outcome {
        var accumulator = MetricsAccumulator(options: options)
        do {
            let summary = try PublicationMetricsReader.read(
                contentsOf: url, format: format, options: ImportOptions(skipBadRecords: skipBad), into: &accumulator, chunkSize: chunkSize
            )
            return Outcome(
                metrics: accumulator.metrics, papers: summary.papers, skipped: summary.skipped, skippedCount: summary.skippedCount,
                changed: summary.changed, changedCount: summary.changedCount
            )
        } catch {
            return Outcome(error: "\(error)")
        }
    }

    static func expectSame(_ url: URL, format: PublicationFormat? = nil, skipBad: Bool = false, options: MetricsOptions = options,
                           sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = whole(url, format: format, skipBad: skipBad, options: options)
        for size in chunkSizes {
            let got = streamed(url, format: format, skipBad: skipBad, chunkSize: size, options: options)
            guard got != expected else { continue }
            let text = String(decoding: (try? Data(contentsOf: url)) ?? Data(), as: UTF8.self)
            Issue.record("\(url.lastPathComponent), pieces of \(size) bytes: got \(got), expected \(expected); the file: \(text.debugDescription)", sourceLocation: sourceLocation)
            return
        }
    }

    /// True when the file was streamed, not read whole as a fallback.
    static func readInPieces(_ url: URL, chunkSize: Int) throws -> Bool {
        var accumulator = MetricsAccumulator(options: options)
        return try PublicationMetricsReader.read(contentsOf: url, options: ImportOptions(skipBadRecords: true), into: &accumulator, chunkSize: chunkSize).readInPieces
    }

    static func file(_ text: String, named name: String = "list.csv") throws -> URL {
        try file(Array(text.utf8), named: name)
    }

    static func file(_ bytes: [UInt8], named name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("streamed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    @Test(Fixtures.required, arguments: ["pop-gscholar-waldo-tobler-PoPCites.csv", "pop-gscholar-mvvm-2024-01-20.csv", "zotero-waldo-tobler.csv"])
    func realExportsGiveTheWholeFileMetrics(name: String) throws {
        Self.expectSame(Fixtures.exports(name))
        for size in [16, 1 << 20] { #expect(try Self.readInPieces(Fixtures.exports(name), chunkSize: size), "\(name), pieces of \(size)") }
        Self.expectSame(Fixtures.exports(name), options: MetricsOptions(referenceYear: 2021, excludeZeroCited: true, padG: true))
    }

    @Test(Fixtures.required, arguments: [
        "scholar/exports/scopus-waldo-tobler.ris", "scholar/exports/wos-propithecus-coquereli-savedrecs.bib",
        "scholar/dblp/dblp-3540457747-standard.bib", "scholar/dblp/dblp-michael-ley.bib",
    ])
    func realRISAndBibTeXGiveTheWholeFileMetrics(path: String) throws {
        Self.expectSame(Fixtures.url(path))
        for size in [61, 1_000, 1 << 20] { #expect(try Self.readInPieces(Fixtures.url(path), chunkSize: size), "\(path), pieces of \(size)") }
        Self.expectSame(Fixtures.url(path), skipBad: true, options: MetricsOptions(referenceYear: 2021, excludeZeroCited: true))
    }

    @Test func risPiecesEndAfterERLinesWhateverTheLineBreaks() throws {
        let record = { (n: Int, breakText: String) in
            ["TY  - JOUR", "AU  - Tobler, W. R.", "AU  - Rossi, A., Jr.", "TI  - Paper \(n)", "AB  - An abstract",
             "  wrapped onto a second line", "PY  - \(1990 + n)///", "N1  - Cited By :\(n * 3)", "ER  - "].joined(separator: breakText)
        }
        var text = "\u{FEFF}"
        for n in 0..<30 { text += record(n, ["\n", "\r\n", "\r"][n % 3]) + ["\n", "\r\n", "\r"][n % 3] + (n % 7 == 0 ? "\n" : "") }
        text += "TY  - BOOK\nBT  - A book's own title\nED  - Verdi, G.\nER  - \nER  - \n"
        text += "TY  - JOUR\nAU  - Nobody\nER  - \n"
        text += "AU  - Stray, S.\nTI  - stray\n"
        text += "TY  - JOUR\nTI  - Cut short\n"
        let url = try Self.file(text, named: "list.ris")
        Self.expectSame(url)
        Self.expectSame(url, skipBad: true)
    }

    @Test func bibTeXPiecesCarryMacrosAndFallBackOnACutBlock() throws {
        var text = "@string{ jzw = {Journal of Zoo and Wildlife Medicine} }\n@string(ayear = \"1999\")\n"
        for n in 0..<40 {
            text += "@article{key\(n),\n  title = {Paper {\\'e} \(n)},\n  author = {Rossi, A. and B. Bianchi and others},\n"
            text += "  journal = jzw, year = ayear,\n  abstract = {A long abstract with a line\n@ that starts with an at sign},\n"
            text += "  citations = {\(n)}\n}\n"
            if n % 10 == 3 { text += "@comment{ a comment }\nnotes between entries, e-mail a@b.example\n" }
        }
        text += "@misc{nocount, title = {T}, citations = {many}}\n@misc{notitle, year = 2001}\n@article{cut, title = {never closed\n"
        let url = try Self.file(text, named: "list.bib")
        Self.expectSame(url, skipBad: true)
        Self.expectSame(url)
        Self.expectSame(try Self.file("just some text, no entries\n", named: "none.bib"))
        Self.expectSame(try Self.file("TY  - JOUR\n", named: "none.ris"))
    }

    @Test(Fixtures.required) func theToblerExportKeepsItsKnownAnswers() throws {
        // SOURCES.md: 829 rows, Cites sum 28,625, h 66 and g 162 (reference year 2021).
        var accumulator = MetricsAccumulator(options: MetricsOptions(referenceYear: 2021))
        let summary = try PublicationMetricsReader.read(
            contentsOf: Fixtures.exports("pop-gscholar-waldo-tobler-PoPCites.csv"), into: &accumulator, chunkSize: 64
        )
        #expect(summary.papers == 829)
        #expect(accumulator.metrics.citations == 28_625)
        #expect(accumulator.metrics.h == 66)
        #expect(accumulator.metrics.g == 162)
    }

    @Test func quotingLineBreaksAndExcelOddities() throws {
        let text = "\u{FEFF}Cites,Authors,Title,Year\r\n"
            + "12,\"Tobler, W. R.\",\"A title, with a comma\",1970\r\n"
            + "3.0,\"A Rossi, B Bianchi, …\",\"Two\r\nlines \"\"quoted\"\"\",c. 1990\r"
            + "7,\"Y Wang, B Lian, F Wu…\",\"a\"b,2011-12-03\n"
            + "\n"
            + ",,,\n"
            + "0,et al.,Alone,0\n"
            + "5,\"Verdi, G.; Neri, P.; others\",Semicolons,\u{A0}2019\n"
            + "9,\"\u{2009}Ada Lovelace , \u{A0}\",Unicode edges,  2001  \n"
            + "1,\"A B, C D, ...\",Dots,n.d.\n"
            + "2,A B,\"Short row\"\n"
            + "4,\"X Y\",Last row without a break,1999"
        Self.expectSame(try Self.file(text))
    }

    @Test func badRowsAreRefusedOrSkippedAsTheWholeFileReaderDoes() throws {
        let text = "Title;Times Cited;Year\nGood;3;2001\n;4;2002\nBad count;many;2003\nHuge;123456789012345678901234;2004\nFine;12.0;2005\n"
        let url = try Self.file(text)
        Self.expectSame(url)
        Self.expectSame(url, skipBad: true)
        let strict = Self.streamed(url, chunkSize: 16)
        #expect(strict.error == "list.csv:3: the row has no title" || strict.error?.hasSuffix("list.csv:3: the row has no title") == true)
        let lenient = Self.streamed(url, skipBad: true, chunkSize: 16)
        #expect(lenient.skippedCount == 3)
        #expect(lenient.papers == 2)
    }

    @Test func aThousandBadRowsKeepTenMessagesAndTheirCount() throws {
        let rows = (1...1_000).map { "Paper \($0),n/a,\($0 % 3 == 0 ? "2001" : "someday")" }
        let url = try Self.file("Title,Cites,Year\n" + rows.joined(separator: "\n"))
        Self.expectSame(url, skipBad: true)
        let outcome = Self.streamed(url, skipBad: true, chunkSize: 100)
        #expect(outcome.skippedCount == 1_000)
        #expect(outcome.skipped.count == 10)
        #expect(outcome.skipped.first?.line == 2)
    }

    @Test func unclosedQuotesAndMissingTitlesAreTheSameErrors() throws {
        Self.expectSame(try Self.file("Title,Cites\nOne,1\n\"Two,2\nThree,3\n"))
        Self.expectSame(try Self.file("Name,Cites\nOne,1\n"))
        Self.expectSame(try Self.file("   \n\n  "))
        Self.expectSame(try Self.file("Title,Cites\n"))
    }

    @Test func windows1252AndBinaryFilesAreJudgedAsWholeFilesAre() throws {
        // "Café" and "…" in Windows-1252 (0xE9, 0x85): not UTF-8, so read whole and transcoded.
        let cp1252: [UInt8] = Array("Title,Authors,Cites\nCaf".utf8) + [0xE9] + Array(",\"A B, C D".utf8) + [0x85] + Array("\",4\n".utf8)
        // The bad byte comes after 40 good rows, long after the first pieces were read.
        let late = Array("Title,Authors,Cites\n".utf8) + Array(String(repeating: "Plain,A B,1\n", count: 40).utf8) + Array(cp1252.dropFirst(20))
        Self.expectSame(try Self.file(late, named: "late.csv"))
        Self.expectSame(try Self.file(cp1252, named: "cp1252.csv"))
        Self.expectSame(try Self.file([0xFF, 0xFE] + Array("T\0i\0".utf8), named: "utf16.csv"))
        Self.expectSame(try Self.file(Array("Title,Cites\n".utf8) + [0, 1, 2], named: "binary.csv"))
    }

    /// Random files from a grammar of what real exports hold, each checked at every piece size.
    @Test func randomFilesGiveTheWholeFileMetrics() throws {
        var generator = SeededGenerator(seed: 2026)
        let pieces = ["Tobler", "W R", "é", "…", "...", "et al", ",", ";", "\"", "\"\"", " ", "\u{A0}", "\r\n", "\n", "\r", "12", "0", "2001", "c. 1990", "x"]
        for round in 0..<60 {
            let delimiter = [",", ";", "\t"][round % 3]
            var text = ["Cites", "Authors", "Title", "Year"].joined(separator: delimiter) + "\n"
            for _ in 0..<Int.random(in: 0...25, using: &generator) {
                let fields = (0..<4).map { column -> String in
                    let raw = (0..<Int.random(in: 0...4, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
                    if column == 0, Bool.random(using: &generator) { return String(Int.random(in: 0...500, using: &generator)) }
                    return Bool.random(using: &generator) ? "\"" + raw.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : raw
                }
                text += fields.joined(separator: delimiter) + ["\n", "\r\n", "\r"].randomElement(using: &generator)!
            }
            let url = try Self.file(text)
            Self.expectSame(url, skipBad: true)
            Self.expectSame(url, skipBad: false)
        }
    }
}

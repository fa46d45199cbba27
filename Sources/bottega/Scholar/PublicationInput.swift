import ArgumentParser
import Foundation
import ScholarCassettes
import ScholarKit

extension PublicationFormat: ExpressibleByArgument {
    /// The format's name or its usual extension: `bibtex` or `bib`.
    public init?(argument: String) {
        guard let format = PublicationFormat(name: argument) else { return nil }
        self = format
    }
}

/// The publication files a command reads, and how strictly.
struct PublicationInput: ParsableArguments {
    @Argument(help: "Publication lists: CSV (Publish or Perish, Zotero, …), BibTeX (dblp's too), RIS or JSON (Bottega's, Publish or Perish's, an ORCID works list, a Semantic Scholar author or papers page, a Crossref work or works list).")
    var files: [String]

    @Option(name: .customLong("from"), help: "Read every file as this format, whatever its extension (csv, bibtex, ris, json, endnote, isi, jsonl).")
    var format: PublicationFormat?

    @Flag(name: .customLong("skip-bad"), help: "Skip records that cannot be read, and report how many, instead of stopping at the first.")
    var skipBad = false

    func validate() throws {
        if files.isEmpty { throw ValidationError("Name at least one publication file.") }
        if format == .html { throw ValidationError("--from html: HTML reports cannot be read back; use a CSV, BibTeX, RIS, JSON, EndNote, Web of Science or JSON Lines file.") }
    }

    /// All publications of all files, in file order. Skipped records are reported on standard error.
    func load() throws -> [Publication] {
        var publications: [Publication] = []
        for file in files {
            let result = try readWhole(file)
            report(file, skipped: result.skipped, skippedCount: result.skipped.count, changed: result.changed, changedCount: result.changed.count)
            for notice in result.notices { StandardError.write("\(file): \(notice)") }
            publications += result.publications
        }
        return publications
    }

    /// The files' papers added to `accumulator` for their metrics alone, read in pieces.
    func read(into accumulator: inout MetricsAccumulator) throws {
        for file in files {
            if format == nil, CassetteImporter.isCassette(file) {
                let result = try readWhole(file)
                for publication in result.publications { accumulator.add(publication) }
                report(file, skipped: result.skipped, skippedCount: result.skipped.count, changed: result.changed, changedCount: result.changed.count)
                for notice in result.notices { StandardError.write("\(file): \(notice)") }
                continue
            }
            let summary = try PublicationMetricsReader.read(
                contentsOf: URL(fileURLWithPath: file), format: format, options: ImportOptions(skipBadRecords: skipBad), into: &accumulator
            )
            report(file, skipped: summary.skipped, skippedCount: summary.skippedCount, changed: summary.changed, changedCount: summary.changedCount)
            for notice in summary.notices { StandardError.write("\(file): \(notice)") }
        }
    }

    /// A file read whole: a recording of the services' answers (a VCR cassette) or a list.
    private func readWhole(_ file: String) throws -> ImportResult {
        let url = URL(fileURLWithPath: file)
        let options = ImportOptions(skipBadRecords: skipBad)
        if format == nil, CassetteImporter.isCassette(file) { return try CassetteImporter.read(contentsOf: url, options: options) }
        return try PublicationImporter.read(contentsOf: url, format: format, options: options)
    }

    /// Skipped records and dropped fields on standard error: the first ten of each, and how many more.
    private func report(_ file: String, skipped: [ImportProblem], skippedCount: Int, changed: [ImportProblem], changedCount: Int) {
        if skippedCount > 0 {
            StandardError.write("\(file): skipped \(skippedCount) bad record\(skippedCount == 1 ? "" : "s"):")
            for problem in skipped.prefix(10) { StandardError.write("  \(problem)") }
            if skippedCount > 10 { StandardError.write("  … and \(skippedCount - 10) more") }
        }
        if changedCount > 0 {
            StandardError.write("\(file): kept \(changedCount) record\(changedCount == 1 ? "" : "s") with a field dropped or cut:")
            for problem in changed.prefix(10) { StandardError.write("  \(problem)") }
            if changedCount > 10 { StandardError.write("  … and \(changedCount - 10) more") }
        }
    }
}

/// Options that fix what the metrics are computed relative to.
struct MetricsConventions: ParsableArguments {
    @Option(help: "Reference year for ages and career length (default: the list's query date, as Publish or Perish's QueryDate, else the current year).")
    var year: Int?

    @Flag(name: .customLong("exclude-zero"), help: "Leave uncited papers out of every metric.")
    var excludeZero = false

    @Flag(name: .customLong("pad-g"), help: "Report Egghe's g, which may exceed the number of papers, as g.")
    var padG = false

    func validate() throws {
        if let year, !(1000...9999).contains(year) {
            throw ValidationError("--year \(year) is not a four-digit year.")
        }
    }

    /// A year not given is resolved against the list read (`MetricsOptions.resolved`).
    var options: MetricsOptions {
        guard let year else { return .untilQueryDate(excludeZeroCited: excludeZero, padG: padG) }
        return MetricsOptions(referenceYear: year, excludeZeroCited: excludeZero, padG: padG)
    }
}

enum StandardError {
    static func write(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}

import ArgumentParser
import Foundation
import ScholarKit

/// `bottega scholar export FILE… --to FORMAT` or `export ID --format FORMAT`: convert
/// publication lists, export a stored search, or write an HTML report.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write publication lists or a stored search as CSV (Publish or Perish columns), BibTeX, RIS, JSON, EndNote, Web of Science (ISI tagged), JSON Lines or an HTML report.",
        discussion: "A single number instead of files exports that stored search (see `bottega scholar history`) as curated: the included publications, merges as one record, as Publish or Perish exports its checked lines. With --all the excluded ones follow, each marked with why (CSV column Excluded, BibTeX field bottega-excluded, RIS U1, JSON exclusionReason, EndNote %Z, Web of Science XB), and `bottega scholar import` reads the marks back."
    )

    @OptionGroup var input: PublicationInput
    @OptionGroup var conventions: MetricsConventions
    @OptionGroup var workspace: WorkspaceOptions

    @Option(name: [.customLong("to"), .customLong("format")], help: "Output format: csv, bibtex (bib), ris, json, html, endnote (enw), isi (wos, ciw) or jsonl.")
    var to: PublicationFormat

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    @Option(help: "Only the N most cited publications.")
    var limit: Int?

    @Flag(help: "With a stored search: also write the excluded publications, each marked with why, so an import restores the curation.")
    var all = false

    func validate() throws {
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
        if !to.isExportable { throw ValidationError("--to \(to.rawValue): dblp XML is read, not written; export as csv, bibtex, ris, json, html, endnote, isi or jsonl.") }
    }

    func run() throws {
        let (publications, heading) = try storedSearch() ?? (try input.load(), input.files.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", "))
        let text = try PublicationExporter.export(publications, as: to, options: conventions.options, limit: limit, heading: heading)
        guard let output else {
            print(text, terminator: "")
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw ValidationError("cannot write \(output): \(error.localizedDescription)")
        }
        let listed = limit.map { min($0, publications.count) } ?? publications.count
        StandardError.write("wrote \(listed) of \(publications.count) publications to \(output)")
    }

    /// The publications of a stored search when the one argument is a search id, not a file,
    /// and what the report is of: the search's label, source, date and parameters.
    private func storedSearch() throws -> ([Publication], String)? {
        guard input.files.count == 1, let id = SearchID(argument: input.files[0]),
              !FileManager.default.fileExists(atPath: input.files[0]) else { return nil }
        let store = try workspace.open()
        let stored = try WorkspaceFailure.report { try store.open(id.value, options: conventions.options) }
        let summary = stored.summary
        let date = summary.ranAt.formatted(.iso8601.year().month().day())
        return (stored.curatedPublications(includingExcluded: all), "\(summary.label) — \(summary.parameters.source.rawValue), \(date)")
    }
}

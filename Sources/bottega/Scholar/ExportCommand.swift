import ArgumentParser
import Foundation
import ScholarKit

/// `bottega scholar export FILE… --to FORMAT`: convert publication lists, or write an HTML report.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write publication lists as CSV (Publish or Perish columns), BibTeX, RIS, JSON or an HTML report."
    )

    @OptionGroup var input: PublicationInput
    @OptionGroup var conventions: MetricsConventions

    @Option(help: "Output format: csv, bibtex, ris, json or html.")
    var to: PublicationFormat

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output.")
    var output: String?

    func run() throws {
        let publications = try input.load()
        let text = try PublicationExporter.export(publications, as: to, options: conventions.options)
        guard let output else {
            print(text, terminator: "")
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            throw ValidationError("cannot write \(output): \(error.localizedDescription)")
        }
        StandardError.write("wrote \(publications.count) publications to \(output)")
    }
}

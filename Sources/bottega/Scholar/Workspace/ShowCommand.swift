import ArgumentParser
import Foundation
import ScholarKit

/// `bottega scholar show ID`: a stored search with its publications, statuses and metrics.
struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show a stored search: its parameters, metrics and publications (id, status, citations, year, title)."
    )
    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var conventions: MetricsConventions
    @Argument(help: "The search's id.") var search: SearchID
    @Option(help: "text or json.") var format: OutputFormat = .text

    struct Document: Encodable {
        let search: SearchSummary
        let metrics: ImpactMetrics
        let citationsPerYear: [String: Int]
        let publications: [WorkspacePublication]

        init(_ stored: StoredSearch) {
            search = stored.summary
            metrics = stored.report.metrics
            citationsPerYear = Dictionary(uniqueKeysWithValues: stored.citationsPerYear.map { (String($0.key), $0.value) })
            publications = stored.publications
        }
    }

    func run() throws {
        let store = try workspace.open()
        let stored = try WorkspaceFailure.report { try store.open(search.value, options: conventions.options) }
        switch format {
        case .json:
            try JSONOutput.print(Document(stored))
        case .text:
            print(HistoryCommand.line(stored.summary))
            if let note = stored.summary.note { print(note) }
            print("")
            for publication in stored.publications { print(Self.row(publication)) }
            print("")
            print(MetricsTable.render(stored.report.metrics, referenceYear: conventions.options.referenceYear), terminator: "")
        }
    }

    static func row(_ item: WorkspacePublication) -> String {
        let publication = item.publication
        let status = switch item.status {
        case .hCore: "h-core  "
        case .limbo: "limbo   "
        case .outside: "outside "
        case .excluded: "excluded"
        }
        let merge = item.mergeNumber.map { " [Merge #\($0) of \(item.memberIDs.map { "#\($0)" }.joined(separator: ", "))]" } ?? ""
        return String(format: "#%-6lld %@ %6d  %@  ", item.id, status, publication.citations, publication.year.map(String.init) ?? "----")
            + publication.title + merge
    }
}

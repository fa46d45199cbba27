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
    @Option(help: "Order of the list: citations, cites-per-year, year, title, authors or author-count (excluded ones last).")
    var sort: PublicationListOrder = .citations

    struct Document: Encodable {
        let search: SearchSummary
        let metrics: ImpactMetrics
        /// The year ages are counted to, and whether it was given, the list's query date or this year.
        let referenceYear: Int
        let referenceYearSource: ReferenceYearSource
        let citationsPerYear: [String: Int]
        let publications: [WorkspacePublication]

        /// The ids of the g-core (beside each publication's `status`, which gives the h-core).
        let gCore: [Int64]

        init(_ stored: StoredSearch, order: PublicationListOrder) {
            search = stored.summary
            metrics = stored.report.metrics
            (referenceYear, referenceYearSource) = (stored.report.options.referenceYear, stored.report.options.referenceYearSource)
            citationsPerYear = Dictionary(uniqueKeysWithValues: stored.citationsPerYear.map { (String($0.key), $0.value) })
            publications = order.sorted(stored.publications, referenceYear: referenceYear)
            gCore = stored.gCoreIDs.sorted()
        }
    }

    func run() throws {
        let store = try workspace.open()
        let stored = try WorkspaceFailure.report { try store.open(search.value, options: conventions.options) }
        switch format {
        case .json:
            try JSONOutput.print(Document(stored, order: sort))
        case .text:
            print(HistoryCommand.line(stored.summary))
            if let note = stored.summary.note { print(note) }
            print("")
            let gCore = stored.gCoreIDs
            print("       status    g   cites  cites/yr  authors  year  title")
            let referenceYear = stored.report.options.referenceYear
            for publication in sort.sorted(stored.publications, referenceYear: referenceYear) {
                print(Self.row(publication, inGCore: gCore.contains(publication.id), referenceYear: referenceYear))
            }
            print("")
            print(MetricsTable.render(stored.report.metrics, options: stored.report.options), terminator: "")
        }
    }

    static func row(_ item: WorkspacePublication, inGCore: Bool = false, referenceYear: Int? = nil) -> String {
        let publication = item.publication
        let status = switch item.status {
        case .hCore: "h-core  "
        case .limbo: "limbo   "
        case .outside: "outside "
        case .excluded: "excluded"
        }
        let merge = item.mergeNumber.map { " [Merge #\($0) of \(item.memberIDs.map { "#\($0)" }.joined(separator: ", "))]" } ?? ""
        guard let referenceYear else {
            return String(format: "#%-6lld %@ %6d  %@  ", item.id, status, publication.citations, publication.year.map(String.init) ?? "----")
                + publication.title + merge
        }
        let perYear = PublicationListOrder.citationsPerYear(publication, referenceYear)
        return String(format: "#%-6lld %@ %@ %6d  %8.1f  %7d  %@  ", item.id, status, inGCore ? "g" : " ", publication.citations, perYear,
                      publication.authors.count, publication.year.map(String.init) ?? "----")
            + publication.title + merge
    }
}
extension PublicationListOrder: ExpressibleByArgument {}

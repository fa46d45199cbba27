import ArgumentParser
import Fetch
import Foundation
import ScholarKit

/// `bottega scholar reconcile ID --with crossref,openalex,semantic-scholar`: one paper, every source.
struct ReconcileCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reconcile",
        abstract: "Find each paper of a stored search in other sources and show their citation counts side by side.",
        discussion: """
            Each paper is looked up by its DOI, else by its title (and a year at most one apart). Papers whose \
            counts differ by more than --factor, and papers no other source knows, are flagged; the metrics are \
            given on each source's counts. The result is kept with the search (the web's reconcile screen shows it).
            """
    )
    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var conventions: MetricsConventions
    @Argument(help: "The search's id.") var search: SearchID
    @Option(name: .customLong("with"), help: "The sources, comma-separated: crossref, openalex, semantic-scholar.")
    var sources: String = "crossref,openalex,semantic-scholar"
    @Option(help: "Flag papers whose largest count is more than this many times the smallest (0 counts as 1).") var factor: Double = 2
    @Option(help: "Look up only the N most cited papers.") var limit: Int?
    @Flag(help: "Answer from the HTTP cache only.") var offline = false
    @Option(help: "text or json.") var format: OutputFormat = .text
    @Option(help: .hidden) var openalexURL: String?
    @Option(name: .customLong("service-url"), help: .hidden) var serviceURLs: [String] = []

    var chosenSources: [Reconciliation.Source] {
        sources.split(separator: ",").compactMap { Reconciliation.Source(rawValue: $0.trimmingCharacters(in: .whitespaces)) }
    }

    func validate() throws {
        let names = sources.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        if let unknown = names.first(where: { Reconciliation.Source(rawValue: $0) == nil }) {
            throw ValidationError("--with \(unknown) is not a source to reconcile with: use crossref, openalex or semantic-scholar.")
        }
        if names.isEmpty { throw ValidationError("--with needs at least one source: crossref, openalex or semantic-scholar.") }
        if !(factor >= 1) { throw ValidationError("--factor \(factor) must be at least 1 (2 flags counts more than twice apart).") }
        if let limit, limit < 1 { throw ValidationError("--limit must be at least 1.") }
    }

    func run() async throws {
        let store = try workspace.open()
        let stored: StoredSearch
        let papers: [(id: Int64, publication: Publication)]
        do {
            stored = try store.open(search.value, options: conventions.options)
            papers = try store.papersToReconcile(in: search.value, limit: limit, options: conventions.options)
        } catch let error as ScholarWorkspaceError {
            throw CommandFailure(error.localizedDescription)
        }
        let settings = try FetchEnvironment.serviceSettings(overriding: serviceURLs)
        let openAlex = try SourceAddress.url(openalexURL, environment: "BOTTEGA_OPENALEX_URL", default: OpenAlexClient.defaultBaseURL)
        let sourceName = stored.summary.parameters.sourceName
        let reconciliation = try await FetchEnvironment.withFetcher(FetchEnvironment.configuration(offline: offline)) { fetcher in
            var runner = ScholarSearchRunner(fetcher: fetcher, openAlexBaseURL: openAlex, openAlexAPIKey: FetchEnvironment.openAlexAPIKey)
            runner.services = settings
            return try await runner.reconcile(papers, searchSource: sourceName, with: chosenSources, factor: factor) { step in
                if step.page % 25 == 0 || step.page == step.pages { StandardError.write("\(step.page) of \(step.pages ?? 0) look-ups: \(step.activity)") }
            }
        }
        try store.saveReconciliation(reconciliation, of: search.value)
        for reason in reconciliation.stopped.values.sorted() { StandardError.write("warning: \(reason)") }
        let columns = reconciliation.columns(options: conventions.options)
        switch format {
        case .json:
            try JSONOutput.print(Document(reconciliation: reconciliation, columns: columns, disagreeing: reconciliation.disagreeing.map(\.publicationID),
                                          knownToOneSource: reconciliation.knownToOneSource.map(\.publicationID)))
        case .text:
            printTable(reconciliation, columns: columns)
        }
    }

    struct Document: Encodable {
        let reconciliation: Reconciliation
        let columns: [Reconciliation.Column]
        let disagreeing: [Int64]
        let knownToOneSource: [Int64]
    }

    private func printTable(_ reconciliation: Reconciliation, columns: [Reconciliation.Column]) {
        let heads = [reconciliation.searchSource] + reconciliation.sources.map(\.name)
        print(heads.map { $0.padding(toLength: 18, withPad: " ", startingAt: 0) }.joined() + "  paper")
        for row in reconciliation.rows {
            var cells = [String(row.citations)]
            for source in reconciliation.sources {
                cells.append(row.found(in: source).map { "\($0.citations) (\($0.evidence == .doi ? "DOI" : "title"))" } ?? "–")
            }
            let flags = (row.disagrees(by: reconciliation.factor) ? " ≠" : "") + (row.onlyOneSource ? " only here" : "")
            print(cells.map { $0.padding(toLength: 18, withPad: " ", startingAt: 0) }.joined() + "  " + String(row.title.prefix(70)) + flags)
        }
        print("")
        for column in columns {
            let found = column.key == "search" ? "" : ": found \(column.found) of \(reconciliation.rows.count) (\(column.byDOI) by DOI, \(column.byTitle) by title)"
            print("\(column.name)\(found); h \(column.h), g \(column.g), \(column.citations) citations")
        }
        let factor = reconciliation.factor.formatted()
        print("\(reconciliation.disagreeing.count) papers whose counts differ by more than \(factor)×; \(reconciliation.knownToOneSource.count) known to no other source")
    }
}

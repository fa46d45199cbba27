import ArgumentParser
import Foundation
import ScholarKit

/// `bottega scholar import FILE`: a publication list becomes a saved search.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Store a publication list (CSV, BibTeX, RIS, JSON, EndNote, Web of Science, JSON Lines, or a saved ORCID, Semantic Scholar or Crossref answer) as a saved search, to curate, compare and export."
    )
    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var input: PublicationInput
    @Option(help: "text or json (`{\"id\": …}`).") var format: OutputFormat = .text
    @Option(help: "Apply the homonym filter for this researcher: publications by namesakes are stored excluded (reason name), restorable with `include`.")
    var author: String?

    func validate() throws {
        if let author, AuthorNameFilter(searchedName: author) == nil { throw ValidationError("--author “\(author)” has no surname to match.") }
    }

    func run() throws {
        let publications = try input.load()
        if publications.isEmpty {
            throw CommandFailure("\(input.files.joined(separator: ", ")) holds no publications: nothing to import.")
        }
        let name = input.files.map { URL(fileURLWithPath: $0).lastPathComponent }.joined(separator: ", ")
        var fetched = FetchedSearch(publications: publications)
        if let author, let filter = AuthorNameFilter(searchedName: author) {
            let judged = fetched.excludeByName(filter)
            let initials = judged.learnedInitials.map { "; initials taken as \($0.uppercased()), as the list mostly writes them" } ?? ""
            StandardError.write(
                "name filter: kept \(judged.kept), excluded \(judged.dropped) as namesakes' (their authors do not include \(author)\(initials); `bottega scholar include` restores one)")
        }
        let store = try workspace.open()
        let outcome = try store.store(fetched, parameters: SearchParameters(source: .file, fileName: name))
        switch format {
        case .json: try JSONOutput.print(["id": outcome.searchID])
        case .text: print("imported \(publications.count) publications from \(name) as saved search #\(outcome.searchID)")
        }
    }
}

/// `bottega scholar compare ID1 ID2`.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two searches: both metric sets, and every publication with its citation difference."
    )
    @OptionGroup var workspace: WorkspaceOptions
    @OptionGroup var conventions: MetricsConventions
    @Argument(help: "The first search's id.") var first: SearchID
    @Argument(help: "The second search's id.") var second: SearchID
    @Option(help: "text or json.") var format: OutputFormat = .text

    struct Side: Encodable {
        let search: SearchSummary
        let metrics: ImpactMetrics
    }

    struct Row: Encodable {
        let title: String
        let year: Int?
        let firstID: Int64?
        let secondID: Int64?
        let firstCitations: Int?
        let secondCitations: Int?
        let difference: Int?
        let differenceText: String
    }

    struct Document: Encodable {
        let first: Side
        let second: Side
        let publications: [Row]
    }

    func run() throws {
        let store = try workspace.open()
        let comparison = try WorkspaceFailure.report { try store.compare(first.value, second.value, options: conventions.options) }
        switch format {
        case .json:
            try JSONOutput.print(Document(
                first: Side(search: comparison.first.summary, metrics: comparison.first.report.metrics),
                second: Side(search: comparison.second.summary, metrics: comparison.second.report.metrics),
                publications: comparison.rows.map {
                    Row(title: $0.title, year: $0.year, firstID: $0.firstID, secondID: $0.secondID, firstCitations: $0.firstCitations,
                        secondCitations: $0.secondCitations, difference: $0.difference, differenceText: $0.differenceText)
                }
            ))
        case .text:
            let a = comparison.first.report.metrics, b = comparison.second.report.metrics
            print("            #\(first.value) \(comparison.first.summary.label) | #\(second.value) \(comparison.second.summary.label)")
            for (name, left, right) in [("papers", a.papers, b.papers), ("citations", a.citations, b.citations), ("h-index", a.h, b.h), ("g-index", a.g, b.g)] {
                print(name.padding(toLength: 12, withPad: " ", startingAt: 0) + "\(left) | \(right)")
            }
            print("")
            for row in comparison.rows {
                let counts = "\(row.firstCitations.map(String.init) ?? "–") → \(row.secondCitations.map(String.init) ?? "–")"
                print(row.differenceText.padding(toLength: 20, withPad: " ", startingAt: 0) + counts.padding(toLength: 14, withPad: " ", startingAt: 0) + row.title)
            }
        }
    }
}

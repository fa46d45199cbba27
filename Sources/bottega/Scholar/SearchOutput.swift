import Foundation
import ScholarKit

/// Prints what a search found: the publications, then the metrics of the foundation issue.
struct SearchOutput {
    let stored: StoredSearch
    let answeredFromStore: Bool
    let replay: ReplayReport?
    let format: OutputFormat
    let options: MetricsOptions

    private struct Document: Encodable {
        let searchID: Int64
        let answeredFromStore: Bool
        let source: String
        let totalResults: Int?
        let nameFilter: AuthorNameFilter.Outcome?
        let replay: ReplayReport?
        /// Every stored result, as `scholar show` gives them: with `status` and, for an excluded
        /// one, its `exclusionReason` (`name` for the homonym filter's).
        let publications: [WorkspacePublication]
        let metrics: ImpactMetrics
    }

    func print() throws {
        switch format {
        case .json:
            try JSONOutput.print(Document(
                searchID: stored.summary.id, answeredFromStore: answeredFromStore, source: stored.summary.parameters.source.rawValue,
                totalResults: stored.summary.totalResults, nameFilter: stored.summary.nameFilter, replay: replay,
                publications: stored.publications, metrics: stored.report.metrics
            ))
        case .text:
            var text = ""
            for (position, item) in stored.publications.enumerated() {
                let publication = item.publication
                let authors = AuthorList.join(publication.authors, truncated: publication.authorsTruncated)
                text += String(format: "%4d #%-6lld %6d  ", position + 1, item.id, publication.citations)
                    + "\(publication.year.map(String.init) ?? "----")  \(publication.title)" + (authors.isEmpty ? "" : " — \(authors)")
                    + (item.status == .excluded ? "  [excluded\(item.exclusionReason.map { ": \($0)" } ?? "")]" : "") + "\n"
            }
            Swift.print(text)
            Swift.print(MetricsTable.render(stored.report.metrics, options: stored.report.options), terminator: "")
        }
    }
}

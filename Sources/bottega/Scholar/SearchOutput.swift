import Foundation
import ScholarKit

/// Prints what a search found: the publications, then the metrics of the foundation issue.
struct SearchOutput {
    let found: FoundPublications
    let format: SearchCommand.OutputFormat
    let options: MetricsOptions

    private struct Document: Encodable {
        let source: String
        let totalResults: Int?
        let nameFilter: AuthorNameFilter.Outcome?
        let publications: [Publication]
        let metrics: ImpactMetrics
    }

    func print() throws {
        let report = MetricsReport(publications: found.publications, options: options)
        switch format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let document = Document(
                source: found.source, totalResults: found.totalResults, nameFilter: found.nameFilter,
                publications: found.publications, metrics: report.metrics
            )
            Swift.print(String(decoding: try encoder.encode(document), as: UTF8.self))
        case .text:
            var text = ""
            for (position, index) in report.ranking.enumerated() {
                let publication = found.publications[index]
                let authors = AuthorList.join(publication.authors, truncated: publication.authorsTruncated)
                text += String(format: "%4d %6d  ", position + 1, publication.citations)
                    + "\(publication.year.map(String.init) ?? "----")  \(publication.title)" + (authors.isEmpty ? "" : " — \(authors)") + "\n"
            }
            Swift.print(text)
            Swift.print(MetricsTable.render(report.metrics, referenceYear: options.referenceYear), terminator: "")
        }
    }
}

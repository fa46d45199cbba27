import Foundation
import GRDB

extension ScholarWorkspace {
    /// Stores citations per year found for one publication (the per-year Scholar search).
    public func setCitationsPerYear(_ counts: [Int: Int], of publicationID: Int64, in searchID: Int64) throws {
        try database.write { db in
            _ = try searchRow(searchID, db)
            guard var row = try PublicationRow.filter(Column("searchId") == searchID && Column("id") == publicationID).fetchOne(db) else {
                throw ScholarWorkspaceError.unknownPublication(publicationID, search: searchID)
            }
            row.citationsPerYear = counts.isEmpty ? nil : YearCounts(counts)
            try row.update(db)
        }
    }

    /// The citations-per-year chart of the whole search, or of one of its publications.
    public func citationsPerYearChart(of searchID: Int64, publication publicationID: Int64? = nil, options: MetricsOptions) throws -> CitationsPerYearChart {
        let stored = try open(searchID, options: options)
        guard let publicationID else {
            let counted = stored.publications.filter { $0.status != .excluded }.reduce(0) { $0 + $1.publication.citations }
            return CitationsPerYearChart(title: "Citations per year: \(stored.summary.label)", countsByYear: stored.citationsPerYear, citationsInAll: counted)
        }
        guard let item = stored.publication(publicationID) else {
            throw ScholarWorkspaceError.unknownPublication(publicationID, search: searchID)
        }
        return CitationsPerYearChart(
            title: "Citations per year: \(item.publication.title)", countsByYear: item.citationsPerYear ?? [:], citationsInAll: item.publication.citations)
    }

    /// The classic h-index figure of the search's counted publications.
    public func hIndexChart(of searchID: Int64, options: MetricsOptions) throws -> HIndexChart {
        let stored = try open(searchID, options: options)
        let counted = stored.publications.filter { $0.status != .excluded }.map(\.publication.citations)
        return HIndexChart(title: "h-index: \(stored.summary.label)", citations: counted)
    }
}

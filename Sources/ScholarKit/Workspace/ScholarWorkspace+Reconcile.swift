import Foundation
import GRDB

/// A row of `scholar_reconciliation`: the last reconciliation of a search.
struct ReconciliationRow: Codable, FetchableRecord, PersistableRecord, Sendable {
    static let databaseTableName = "scholar_reconciliation"
    var searchId: Int64
    var ranAt: Date
    var reconciliation: Reconciliation
}

extension ScholarWorkspace {
    /// The search's top-level papers still counted (not excluded), most cited first, at most
    /// `limit`: what a reconciliation looks up.
    public func papersToReconcile(in searchID: Int64, limit: Int? = nil, options: MetricsOptions) throws -> [(id: Int64, publication: Publication)] {
        let stored = try open(searchID, options: options)
        let counted = stored.publications.filter { !$0.publication.isExcluded }
            .sorted { $0.publication.citations > $1.publication.citations }
        return (limit.map { Array(counted.prefix($0)) } ?? counted).map { ($0.id, $0.publication) }
    }

    /// Keeps `reconciliation` as the search's last, replacing the one before.
    public func saveReconciliation(_ reconciliation: Reconciliation, of searchID: Int64) throws {
        try database.write { db in
            _ = try searchRow(searchID, db)
            try ReconciliationRow(searchId: searchID, ranAt: reconciliation.ranAt, reconciliation: reconciliation).save(db)
        }
    }

    /// The search's last reconciliation, nil when none ran.
    public func reconciliation(of searchID: Int64) throws -> Reconciliation? {
        try database.read { db in
            _ = try searchRow(searchID, db)
            return try ReconciliationRow.fetchOne(db, key: searchID)?.reconciliation
        }
    }
}

import Foundation
import GRDB

/// Deleting master data: one record or all of a kind (the thesis's "delete all"). Only the
/// agent's own records: the company's stay until a sync removes them.
///
/// What goes with a record: a supplier's products and discounts, a customer's discounts, a
/// product's discounts (the database cascades them). Orders are never deleted with master data:
/// their lines keep the copied code, description, price and discount, and the order keeps the
/// customer's and supplier's names for the history.
extension AgentStore {
    /// Deletes the agent's own record `id` of `kind`; refuses a synced one.
    public func delete(_ kind: MasterDataKind, id: Int64) throws {
        try database.write { db in
            guard let remote = try Self.originCompany(of: kind, id: id, db) else {
                throw AgentStoreError.unknownRecord(kind, id: id)
            }
            guard remote == nil else { throw AgentStoreError.readOnly(kind, id: id) }
            try db.execute(sql: "DELETE FROM \(kind.tableName) WHERE id = ?", arguments: [id])
        }
    }

    /// Deletes every record of `kind` the agent added (with what goes with them); the synced
    /// ones stay. Returns how many records of `kind` were deleted.
    @discardableResult
    public func deleteAllLocal(_ kind: MasterDataKind) throws -> Int {
        try database.write { db in
            try db.execute(sql: "DELETE FROM \(kind.tableName) WHERE originCompany IS NULL")
            return db.changesCount
        }
    }

    /// nil: no such row; .some(nil): a local row; .some(company): a synced one.
    static func originCompany(of kind: MasterDataKind, id: Int64, _ db: Database) throws -> String?? {
        guard let row = try Row.fetchOne(db, sql: "SELECT originCompany FROM \(kind.tableName) WHERE id = ?", arguments: [id]) else {
            return nil
        }
        return .some(row["originCompany"])
    }
}

extension MasterDataKind {
    /// The store's table for this kind.
    var tableName: String {
        switch self {
        case .supplier: SupplierRow.databaseTableName
        case .customer: CustomerRow.databaseTableName
        case .product: ProductRow.databaseTableName
        case .discount: DiscountRow.databaseTableName
        }
    }
}

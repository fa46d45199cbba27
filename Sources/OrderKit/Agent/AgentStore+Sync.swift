import Foundation
import GRDB

/// What one applied sync changed, for the progress screen's last line.
public struct SyncApplySummary: Sendable, Hashable {
    /// Records inserted or updated (an insert of a known record updates it, and vice versa).
    public var upserted = 0
    /// Records deleted by `delete` and `deleteAll` commands (not counting what went with them).
    public var deleted = 0

    public init(upserted: Int = 0, deleted: Int = 0) {
        self.upserted = upserted
        self.deleted = deleted
    }
}

/// Applying the company's sync: the last step of the thesis's parser → commands → executor.
///
/// The whole sync is one transaction: if any command fails, the error names it and nothing of
/// the sync is applied — the agent's data stays exactly as before, and the next sync starts
/// from the same point. The rules, per command:
/// - references are the company's record ids, resolved among the records synced from the same
///   company, so the company sends suppliers and customers before the products and discounts
///   that name them (a later command cannot satisfy an earlier one);
/// - `insert` of a record already synced updates it, and `update` of one never received
///   inserts it: both are upserts, so a sync replayed after a lost answer converges;
/// - a company product whose code the agent already used for the same supplier takes over the
///   agent's product (its row, and so its order lines' link and discounts, are kept) — the
///   company's price list wins;
/// - `delete` removes the synced record with what goes with it (a supplier's products and
///   discounts; a customer's or product's discounts); orders keep their copied lines and the
///   names, so deleting is always safe. A delete of a record the agent does not have is ignored;
/// - `deleteAll` removes every record synced from that company (its subscription ended); the
///   agent's own records and all orders stay.
extension AgentStore {
    /// Applies `commands` in order in one transaction, calling `progress(done, total)` after each.
    /// Throws `SyncApplyError` (naming the command) or a database error; either way nothing is
    /// applied.
    @discardableResult
    public func apply(_ commands: [SyncCommand], progress: (Int, Int) -> Void = { _, _ in }) throws -> SyncApplySummary {
        try database.write { db in
            var summary = SyncApplySummary()
            var executor = SyncExecutor(db: db, count: commands.count)
            for (index, command) in commands.enumerated() {
                // Cancelling (the agent's Cancel, a closed screen) rolls the whole sync back (§3.3.2).
                if index % 256 == 0, Task.isCancelled { throw CancellationError() }
                executor.index = index
                switch command {
                case .insert(let record, let company, let remoteID), .update(let record, let company, let remoteID):
                    try executor.upsert(record, company: company, remoteID: remoteID)
                    summary.upserted += 1
                case .delete(let kind, let company, let remoteID):
                    summary.deleted += try executor.delete(kind, company: company, remoteID: remoteID)
                case .deleteAll(let company):
                    summary.deleted += try executor.deleteAll(company: company)
                }
                progress(index + 1, commands.count)
            }
            return summary
        }
    }
}

/// Executes sync commands inside the caller's transaction.
private struct SyncExecutor {
    let db: Database
    let count: Int
    var index = 0

    init(db: Database, count: Int) {
        self.db = db
        self.count = count
    }

    func fail(_ reason: SyncApplyError.Reason) -> SyncApplyError {
        SyncApplyError(index: index, count: count, reason: reason)
    }

    func upsert(_ record: SyncRecord, company: String, remoteID: String) throws {
        guard !company.isEmpty, !remoteID.isEmpty else { throw fail(.emptyIdentifier) }
        let origin = RecordOrigin.synced(company: company, remoteID: remoteID)
        do {
            switch record {
            case .supplier(var supplier):
                try MasterDataRules.validate(supplier)
                supplier.origin = origin
                try store(SupplierRow(supplier))
            case .customer(var customer):
                try MasterDataRules.validate(customer)
                customer.origin = origin
                try store(CustomerRow(customer))
            case .product(var product, let supplierRemoteID):
                try MasterDataRules.validate(product)
                product.origin = origin
                if let supplierRemoteID {
                    product.supplierID = try resolve(SupplierRow.self, company, supplierRemoteID, .unknownSupplier(remoteID: supplierRemoteID))
                } else {
                    // The thesis's product line has no supplier: the product keeps the one a `listino`
                    // line gave it, else it is the company's, for any of its suppliers.
                    let statement = try db.cachedStatement(sql: "SELECT supplierId FROM order_product WHERE originCompany = ? AND remoteID = ?")
                    product.supplierID = try Int64.fetchOne(statement, arguments: [company, remoteID])
                }
                try storeProduct(ProductRow(product))
            case .discount(let levels, let supplierRemoteID, let customerRemoteID, let productRemoteID):
                try MasterDataRules.validateLevels(levels)
                let supplierID = try resolve(SupplierRow.self, company, supplierRemoteID, .unknownSupplier(remoteID: supplierRemoteID))
                let customerID = try resolve(CustomerRow.self, company, customerRemoteID, .unknownCustomer(remoteID: customerRemoteID))
                var productID: Int64?
                if let productRemoteID {
                    let id = try resolve(ProductRow.self, company, productRemoteID, .unknownProduct(remoteID: productRemoteID))
                    let owner = try Int64.fetchOne(db.cachedStatement(sql: "SELECT supplierId FROM order_product WHERE id = ?"), arguments: [id])
                    guard owner == supplierID else {
                        throw fail(.productOfAnotherSupplier(productRemoteID: productRemoteID, supplierRemoteID: supplierRemoteID))
                    }
                    productID = id
                }
                try store(DiscountRow(Discount(supplierID: supplierID, customerID: customerID, productID: productID, levels: levels, origin: origin)))
            }
        } catch let error as AgentStoreError {
            throw fail(.invalidRecord(error))
        }
    }

    /// Updates the row synced with the same remote id, or inserts one.
    private func store<Row: MasterDataRow>(_ row: Row) throws {
        var row = row
        if let existing = try existingID(Row.self, row.originCompany, row.remoteID) {
            row.setID(existing)
            try row.update(db)
        } else {
            try row.insert(db)
        }
    }

    private func storeProduct(_ row: ProductRow) throws {
        var row = row
        let existing = try existingID(ProductRow.self, row.originCompany, row.remoteID)
        let sameCode = try db.cachedStatement(sql: "SELECT id, originCompany FROM order_product WHERE supplierId = ? AND code = ?")
        if let clash = try Row.fetchOne(sameCode, arguments: [row.supplierId, row.code]),
           let clashID: Int64 = clash["id"], clashID != existing {
            guard clash["originCompany"] == nil else { throw fail(.duplicateProductCode(row.code)) }
            if existing == nil {
                // The agent's product becomes the company's, in place.
                row.setID(clashID)
                try row.update(db)
                return
            }
            _ = try ProductRow.deleteOne(db, key: clashID)
        }
        if let existing {
            row.setID(existing)
            try row.update(db)
        } else {
            try row.insert(db)
        }
    }

    private func existingID<Row: MasterDataRow>(_: Row.Type, _ company: String?, _ remoteID: String?) throws -> Int64? {
        // Cached: a sync of 100,000 records runs this lookup at least once per record.
        let statement = try db.cachedStatement(sql: "SELECT id FROM \(Row.databaseTableName) WHERE originCompany = ? AND remoteID = ?")
        return try Int64.fetchOne(statement, arguments: [company, remoteID])
    }

    private func resolve<Row: MasterDataRow>(_ type: Row.Type, _ company: String, _ remoteID: String, _ reason: SyncApplyError.Reason) throws -> Int64 {
        guard let id = try existingID(type, company, remoteID) else { throw fail(reason) }
        return id
    }

    func delete(_ kind: MasterDataKind, company: String, remoteID: String) throws -> Int {
        guard !company.isEmpty, !remoteID.isEmpty else { throw fail(.emptyIdentifier) }
        try db.execute(sql: "DELETE FROM \(kind.tableName) WHERE originCompany = ? AND remoteID = ?", arguments: [company, remoteID])
        return db.changesCount
    }

    func deleteAll(company: String) throws -> Int {
        guard !company.isEmpty else { throw fail(.emptyIdentifier) }
        var deleted = 0
        // Dependents first, so each count is of the rows the company synced.
        for kind in [MasterDataKind.discount, .product, .customer, .supplier] {
            try db.execute(sql: "DELETE FROM \(kind.tableName) WHERE originCompany = ?", arguments: [company])
            deleted += db.changesCount
        }
        return deleted
    }
}

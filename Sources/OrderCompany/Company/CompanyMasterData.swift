import OrderKit
import Foundation

/// A master-data record as the company keeps it: its key in the company's sheets, its
/// idAzienda in the sync, and its state. References inside `record` (a product's supplier, a
/// discount's customer) are idAzienda values.
public struct StoredCompanyRecord: Sendable, Hashable {
    public var kind: MasterDataKind
    /// What a re-uploaded sheet is matched on: the sheet's id or code column, or, without one,
    /// the record's natural key (see ``ImportedRecord/key``). Never a row number.
    public var key: String
    /// The thesis's idAzienda: a number Bottega assigns once and never reuses for another record.
    public var remoteID: String
    public var record: SyncRecord
    /// A tombstone: the record was deleted (its key, uploaded again, gets its idAzienda back).
    public var isDeleted: Bool

    public init(kind: MasterDataKind, key: String, remoteID: String, record: SyncRecord, isDeleted: Bool = false) {
        self.kind = kind
        self.key = key
        self.remoteID = remoteID
        self.record = record
        self.isDeleted = isDeleted
    }
}

/// What one upload or back-office deletion does to the company's master data, applied in one
/// transaction.
public struct MasterDataChanges: Sendable, Hashable {
    public struct Insert: Sendable, Hashable {
        public var key: String
        /// Assigned by ``CompanyStore`` before the changes reach the database.
        public var remoteID: String
        public var record: SyncRecord
    }

    public struct Update: Sendable, Hashable {
        public var remoteID: String
        public var record: SyncRecord
        /// A product moved to another supplier: the thesis's sync sends its `listino` line again.
        public var supplierChanged: Bool
    }

    public struct Delete: Sendable, Hashable {
        public var kind: MasterDataKind
        public var remoteID: String
    }

    public var inserts: [Insert] = []
    public var updates: [Update] = []
    /// Dependents before what they depend on (discounts, products, customers, suppliers).
    public var deletes: [Delete] = []

    public init(inserts: [Insert] = [], updates: [Update] = [], deletes: [Delete] = []) {
        self.inserts = inserts
        self.updates = updates
        self.deletes = deletes
    }

    public var isEmpty: Bool { inserts.isEmpty && updates.isEmpty && deletes.isEmpty }
}

/// A change an agent has not seen yet: a record's current state, or its deletion with the
/// last state it had (the thesis's `del` line carries the record's fields).
public struct CompanyChange: Sendable, Hashable {
    public var kind: MasterDataKind
    public var remoteID: String
    /// nil only for a deletion recorded before tombstones kept the record's last state.
    public var record: SyncRecord?
    public var isDeleted: Bool
    /// When the record was first stored (or stored again after a deletion): a record created
    /// after an agent's `lastSync` is an `ins` for that agent, an older one an `upd`.
    public var createdAt: Date
    public var updatedAt: Date
    /// When a product's supplier was last set; nil for other kinds.
    public var supplierSetAt: Date?
    public var sequence: Int64

    public init(
        kind: MasterDataKind, remoteID: String, record: SyncRecord?, isDeleted: Bool, createdAt: Date, updatedAt: Date,
        supplierSetAt: Date?, sequence: Int64
    ) {
        self.kind = kind
        self.remoteID = remoteID
        self.record = record
        self.isDeleted = isDeleted
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.supplierSetAt = supplierSetAt
        self.sequence = sequence
    }

    /// The change as the command an agent applies (the modern feed: every change is an upsert
    /// or a delete, and the agent's store treats `insert` and `update` alike).
    public func command(company: String) -> SyncCommand {
        guard !isDeleted, let record else { return .delete(kind, company: company, remoteID: remoteID) }
        return .insert(record, company: company, remoteID: remoteID)
    }
}

extension MasterDataKind {
    /// The kinds in the order references allow inserting them: a product names a supplier, a
    /// discount a supplier, a customer and a product.
    public static let dependencyOrder: [MasterDataKind] = [.supplier, .customer, .product, .discount]
}

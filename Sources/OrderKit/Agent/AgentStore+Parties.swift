import Foundation
import GRDB

/// Customers and suppliers: the agent's own (editable) and the company's (read-only).
extension AgentStore {
    /// Inserts the customer (id nil) or updates the agent's own customer with its id; returns it
    /// as stored, with its id. Refuses a synced customer (`AgentStoreError.readOnly`).
    @discardableResult
    public func save(_ customer: Customer) throws -> Customer {
        try MasterDataRules.validate(customer)
        return try database.write { db in try Self.saveLocal(CustomerRow(customer), db).customer }
    }

    /// Inserts the supplier (id nil) or updates the agent's own supplier with its id.
    @discardableResult
    public func save(_ supplier: Supplier) throws -> Supplier {
        try MasterDataRules.validate(supplier)
        return try database.write { db in try Self.saveLocal(SupplierRow(supplier), db).supplier }
    }

    public func customer(id: Int64) throws -> Customer? {
        try database.read { db in try CustomerRow.fetchOne(db, key: id)?.customer }
    }

    public func supplier(id: Int64) throws -> Supplier? {
        try database.read { db in try SupplierRow.fetchOne(db, key: id)?.supplier }
    }

    /// Every customer, by company name (accents and case ignored: "Città" sorts with "Citta").
    public func customers() throws -> [Customer] {
        try database.read { db in try CustomerRow.order(Column("nameKey"), Column("id")).fetchAll(db).map(\.customer) }
    }

    /// The first `limit` customers by company name: a select's options, when the store holds
    /// the company's thousands.
    public func customers(limit: Int) throws -> [Customer] {
        try database.read { db in try CustomerRow.order(Column("nameKey"), Column("id")).limit(max(0, limit)).fetchAll(db).map(\.customer) }
    }

    /// The first `limit` suppliers by name.
    public func suppliers(limit: Int) throws -> [Supplier] {
        try database.read { db in try SupplierRow.order(Column("nameKey"), Column("id")).limit(max(0, limit)).fetchAll(db).map(\.supplier) }
    }

    /// How many customers there are.
    public func customerCount() throws -> Int {
        try database.read { db in try CustomerRow.fetchCount(db) }
    }

    /// Every supplier, by name.
    public func suppliers() throws -> [Supplier] {
        try database.read { db in try SupplierRow.order(Column("nameKey"), Column("id")).fetchAll(db).map(\.supplier) }
    }

    /// The order form's autocomplete: customers whose company name or contact starts with
    /// `prefix`, or has a word that does, ignoring case and accents ("citta" finds "Città di
    /// Castello", "coop" finds "Caffè Società Cooperativa"). Names that start with it first,
    /// then by name; at most `limit`.
    public func customers(matching prefix: String, limit: Int = 10) throws -> [Customer] {
        try database.read { db in
            try CustomerRow.fetchAll(db, sql: Self.autocompleteSQL(table: CustomerRow.databaseTableName), arguments: Self.autocompleteArguments(prefix, limit))
                .map(\.customer)
        }
    }

    /// The order form's autocomplete for suppliers: name or contact, as `customers(matching:)`.
    public func suppliers(matching prefix: String, limit: Int = 10) throws -> [Supplier] {
        try database.read { db in
            try SupplierRow.fetchAll(db, sql: Self.autocompleteSQL(table: SupplierRow.databaseTableName), arguments: Self.autocompleteArguments(prefix, limit))
                .map(\.supplier)
        }
    }

    static func autocompleteSQL(table: String) -> String {
        """
        SELECT * FROM \(table)
        WHERE nameKey LIKE :start ESCAPE '\\' OR nameKey LIKE :word ESCAPE '\\'
           OR contactKey LIKE :start ESCAPE '\\' OR contactKey LIKE :word ESCAPE '\\'
        ORDER BY nameKey LIKE :start ESCAPE '\\' DESC, nameKey, id
        LIMIT :limit
        """
    }

    static func autocompleteArguments(_ prefix: String, _ limit: Int) -> StatementArguments {
        let patterns = SearchKey.prefixPatterns(prefix)
        return ["start": patterns.start, "word": patterns.word, "limit": max(0, limit)]
    }

    /// Inserts `row` (no id) or updates the local row with its id; refuses synced records.
    static func saveLocal<Row: MasterDataRow>(_ row: Row, _ db: Database) throws -> Row {
        var row = row
        guard !row.origin.isReadOnly else { throw AgentStoreError.readOnly(Row.kind, id: row.id) }
        if let id = row.id {
            guard let stored = try Row.fetchOne(db, key: id) else { throw AgentStoreError.unknownRecord(Row.kind, id: id) }
            guard !stored.origin.isReadOnly else { throw AgentStoreError.readOnly(Row.kind, id: id) }
            try row.update(db)
        } else {
            try row.insert(db)
        }
        return row
    }
}

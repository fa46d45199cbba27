import Credentials
import Crypto
import Foundation
import GRDB
import Storage

/// The ticket catalogue, purchases and issued tickets, in SQLite through GRDB: the server the
/// Padova thesis's ticket app lacked.
///
/// Every change is one transaction: a crash loses nothing committed and leaves nothing half
/// written, and an edit that would leave the catalogue inconsistent is refused whole. With a
/// `DatabasePool` (WAL), readers see the last committed state while a write runs.
public struct TicketStore: Sendable {
    public let database: any DatabaseWriter
    /// The clock, replaceable so tests can move through validity periods.
    public var now: @Sendable () -> Date
    /// Loaded (or created and stored) by `init`, so `verify` needs no database access and
    /// two processes starting together still agree on one key.
    let key: Curve25519.Signing.PrivateKey
    /// Where the operators' payment secrets are derived from.
    let keys: KeyFile

    /// Migrates `database` to TicketKit's schema and takes the signing key from `keys` (moving
    /// there the one an earlier version kept in the database). The database remembers the public
    /// key of the first key it was used with and refuses another (``TicketStoreError/otherKeyFile``):
    /// tickets signed before would stop verifying.
    public init(database: any DatabaseWriter, keys: KeyFile, now: @escaping @Sendable () -> Date = Date.init) throws {
        self.database = database
        self.now = now
        self.keys = keys
        try TicketSchema.migrator(keys: keys).migrate(database, formerNames: TicketSchema.formerMigrationNames)
        let key = try keys.key(TicketSchema.signingKeyName).withUnsafeBytes { bytes in
            try Curve25519.Signing.PrivateKey(rawRepresentation: Data(bytes))
        }
        let created = now()
        // GRDB's write transactions are IMMEDIATE: when two processes start on a new file
        // together, the second waits for the first and finds the public key it stored.
        let recorded = try database.write { db -> Data? in
            try db.execute(
                sql: "INSERT OR IGNORE INTO ticket_public_key (id, publicKey, created) VALUES (1, ?, ?)",
                arguments: [key.publicKey.rawRepresentation, created])
            return try Data.fetchOne(db, sql: "SELECT publicKey FROM ticket_public_key WHERE id = 1")
        }
        guard recorded == key.publicKey.rawRepresentation else { throw TicketStoreError.otherKeyFile(keys.path ?? "memory") }
        self.key = key
    }


    // MARK: Catalogue

    /// Loads the seed catalogue on the first start only; returns whether it did. Never on a
    /// database that has catalogue records or was seeded before, so operators' edits (even
    /// deleting everything) survive restarts.
    @discardableResult
    public func seedIfEmpty() throws -> Bool {
        let seed = try TicketCatalogue.seed()
        let loadedAt = now()
        return try database.write { db in
            guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ticket_seed") == 0,
                  try ProvinceRow.fetchCount(db) == 0, try OperatorRow.fetchCount(db) == 0 else { return false }
            for province in seed.provinces { try ProvinceRow(province).insert(db) }
            for op in seed.operators { try Self.write(op, db) }
            for product in seed.products { try ProductRow(product).insert(db) }
            try db.execute(sql: "INSERT INTO ticket_seed (id, loadedAt) VALUES (1, ?)", arguments: [loadedAt])
            return true
        }
    }

    /// The whole catalogue, each list in the order its records were first stored.
    public func catalogue() throws -> TicketCatalogue {
        try database.read { db in try Self.loadCatalogue(db) }
    }

    /// Each operator's time zone (an IANA identifier) by the operator's code: all My tickets
    /// needs of the catalogue, whose whole reading was a fifth of that page (issue 44).
    public func operatorTimeZones() throws -> [String: String] {
        try database.read { db in
            try Dictionary(
                Row.fetchAll(db, sql: "SELECT code, timeZone FROM ticket_operator").map { ($0["code"] as String, $0["timeZone"] as String) },
                uniquingKeysWith: { first, _ in first })
        }
    }

    /// Inserts the province, or updates the one with its code.
    public func save(_ province: Province) throws {
        try edit { catalogue, db in
            Self.replace(province, in: &catalogue.provinces) { $0.code == province.code }
            try catalogue.validate()
            try ProvinceRow(province).upsert(db)
        }
    }

    /// Inserts the operator, or updates the one with its code. Offering a service needs a
    /// product sold under it, so a new operator is saved with the services it can already
    /// sell (possibly none), then its products, then the operator again with its services.
    public func save(_ op: TransportOperator) throws {
        // An SMS number or syntax saved without a date is today's: the operator is setting it now.
        var op = op
        if op.asOf.isEmpty { op.asOf = CalendarDay.text(now(), in: TimeZone(identifier: "Europe/Rome") ?? .gmt) }
        try edit { catalogue, db in
            Self.replace(op, in: &catalogue.operators) { $0.code == op.code }
            try catalogue.validate()
            try Self.write(op, db)
        }
    }

    /// Inserts the product, or updates the one with its code.
    public func save(_ product: TicketProduct) throws {
        // A fare saved without a date is today's: the operator is setting it now.
        var product = product
        if product.asOf.isEmpty { product.asOf = CalendarDay.text(now(), in: TimeZone(identifier: "Europe/Rome") ?? .gmt) }
        try edit { catalogue, db in
            Self.replace(product, in: &catalogue.products) { $0.code == product.code }
            try catalogue.validate()
            try ProductRow(product).upsert(db)
        }
    }

    /// Deletes the operator and its products. Tickets already sold are kept, with their
    /// purchases: they were paid for, carry copies of the names, stay verifiable with the
    /// store's key, and unused carnet rides can still be activated.
    public func deleteOperator(code: String) throws {
        try edit { catalogue, db in
            guard catalogue.operator(code: code) != nil else { throw CatalogueError.unknownOperator(code) }
            _ = try ProductRow.filter(Column("operatorCode") == code).deleteAll(db)
            _ = try OperatorProvinceRow.filter(Column("operatorCode") == code).deleteAll(db)
            _ = try OperatorRow.deleteOne(db, key: code)
        }
    }

    /// Deletes the product; refused when it is the operator's last product for a service the
    /// operator offers. Tickets already sold are kept, as with `deleteOperator`.
    public func deleteProduct(code: String) throws {
        try edit { catalogue, db in
            guard catalogue.product(code: code) != nil else { throw CatalogueError.unknownProduct(code) }
            catalogue.products.removeAll { $0.code == code }
            try catalogue.validate()
            _ = try ProductRow.deleteOne(db, key: code)
        }
    }

    // MARK: Rows

    /// One write transaction with the current catalogue loaded.
    private func edit(_ change: (inout TicketCatalogue, Database) throws -> Void) throws {
        try database.write { db in
            var catalogue = try Self.loadCatalogue(db)
            try change(&catalogue, db)
        }
    }

    private static func replace<Record>(_ record: Record, in list: inout [Record], where matches: (Record) -> Bool) {
        if let index = list.firstIndex(where: matches) { list[index] = record } else { list.append(record) }
    }

    /// Writes the operator row (an upsert, never a REPLACE, which would cascade to its
    /// products) and its provinces.
    static func write(_ op: TransportOperator, _ db: Database) throws {
        try OperatorRow(op).upsert(db)
        _ = try OperatorProvinceRow.filter(Column("operatorCode") == op.code).deleteAll(db)
        for (position, code) in op.provinceCodes.enumerated() {
            try OperatorProvinceRow(operatorCode: op.code, provinceCode: code, position: position).insert(db)
        }
        // Migrations before the table existed write operators too.
        guard try db.tableExists("ticket_operator_reply") else { return }
        try db.execute(sql: "DELETE FROM ticket_operator_reply WHERE operatorCode = ?", arguments: [op.code])
        if let label = op.replyCodeLabel {
            try db.execute(sql: "INSERT INTO ticket_operator_reply (operatorCode, codeLabel) VALUES (?, ?)", arguments: [op.code, label])
        }
    }

    static func loadCatalogue(_ db: Database) throws -> TicketCatalogue {
        let provinces = try ProvinceRow.order(Column.rowID).fetchAll(db).map(\.province)
        let links = try OperatorProvinceRow.order(Column("operatorCode"), Column("position")).fetchAll(db)
        let provincesByOperator = Dictionary(grouping: links, by: \.operatorCode).mapValues { $0.map(\.provinceCode) }
        let labels = try Dictionary(
            Row.fetchAll(db, sql: "SELECT operatorCode, codeLabel FROM ticket_operator_reply").map { ($0["operatorCode"] as String, $0["codeLabel"] as String) },
            uniquingKeysWith: { first, _ in first })
        let operators = try OperatorRow.order(Column.rowID).fetchAll(db).map { row in
            var op = try row.transportOperator(provinceCodes: provincesByOperator[row.code] ?? [])
            op.replyCodeLabel = labels[row.code]
            return op
        }
        let products = try ProductRow.order(Column.rowID).fetchAll(db).map { try $0.product() }
        return TicketCatalogue(provinces: provinces, operators: operators, products: products)
    }
}

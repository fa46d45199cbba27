import Foundation
import GRDB

extension AgentStore {
    /// Freezes `submission` as order `orderID`'s snapshot, unless it has one already: the first
    /// snapshot always wins, so a resend posts exactly what the first attempt posted. Returns
    /// the snapshot kept.
    @discardableResult
    public func freeze(orderID: Int64, submission: OrderSubmission, company: String?, companyName: String) throws -> SentOrderSnapshot {
        var frozen = submission
        frozen.order.state = .draft
        frozen.order.companyNumber = nil
        let body = Array(try OrderSubmission.encoder.encode(frozen))
        return try database.write { db in
            guard try OrderRow.exists(db, key: orderID) else { throw AgentStoreError.unknownOrder(orderID) }
            try db.execute(
                sql: "INSERT INTO order_snapshot (orderId, company, companyName, submission, frozenAt) VALUES (?, ?, ?, ?, ?) ON CONFLICT (orderId) DO NOTHING",
                arguments: [orderID, company, companyName, Data(body), now()])
            return try Self.loadSnapshot(orderID, db)!
        }
    }

    /// Order `orderID`'s snapshot, if it was ever sent.
    public func snapshot(orderID: Int64) throws -> SentOrderSnapshot? {
        try database.read { db in try Self.loadSnapshot(orderID, db) }
    }

    /// Records the company's answer: its name, when it registered the order and, when given, the
    /// PDF it mailed. A document already kept is never replaced (the one mailed first stays).
    public func recordReceipt(orderID: Int64, companyName: String?, receivedAt: Date?, document: [UInt8]?) throws {
        try database.write { db in
            if let companyName, !companyName.isEmpty {
                try db.execute(sql: "UPDATE order_snapshot SET companyName = ? WHERE orderId = ? AND document IS NULL", arguments: [companyName, orderID])
            }
            if let receivedAt {
                try db.execute(sql: "UPDATE order_snapshot SET receivedAt = COALESCE(receivedAt, ?) WHERE orderId = ?", arguments: [receivedAt, orderID])
            }
            if let document {
                try db.execute(sql: "UPDATE order_snapshot SET document = ? WHERE orderId = ? AND document IS NULL", arguments: [Data(document), orderID])
            }
        }
    }

    /// Keeps `document` as the snapshot's PDF unless one is kept already; returns the one kept.
    public func keepDocument(_ document: [UInt8], orderID: Int64) throws -> [UInt8] {
        try database.write { db in
            try db.execute(sql: "UPDATE order_snapshot SET document = ? WHERE orderId = ? AND document IS NULL", arguments: [Data(document), orderID])
            guard let kept = try Data.fetchOne(db, sql: "SELECT document FROM order_snapshot WHERE orderId = ?", arguments: [orderID]) else {
                throw AgentStoreError.unknownOrder(orderID)
            }
            return Array(kept)
        }
    }

    static func loadSnapshot(_ orderID: Int64, _ db: Database) throws -> SentOrderSnapshot? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM order_snapshot WHERE orderId = ?", arguments: [orderID]) else { return nil }
        let body: Data = row["submission"]
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let submission = try? decoder.decode(OrderSubmission.self, from: body) else {
            throw AgentStoreError.damagedRecord("the sent copy of order #\(orderID) cannot be read")
        }
        let document: Data? = row["document"]
        return SentOrderSnapshot(
            orderID: orderID, company: row["company"], companyName: row["companyName"], body: Array(body), submission: submission,
            frozenAt: row["frozenAt"], receivedAt: row["receivedAt"], document: document.map(Array.init))
    }

    static func isLocked(_ orderID: Int64, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM order_snapshot WHERE orderId = ?)", arguments: [orderID]) ?? false
    }
}

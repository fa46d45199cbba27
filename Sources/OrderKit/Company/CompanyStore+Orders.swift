import Foundation
import GRDB

/// An order as the company received it.
public struct ReceivedOrder: Sendable, Hashable {
    /// The company's number for it.
    public var number: Int64
    public var agent: String
    public var submission: OrderSubmission
    public var receivedAt: Date
    /// false when this send repeated one already received (same idempotency key).
    public var isNew: Bool

    public var order: Order { submission.order }
}

extension CompanyStore {
    /// Stores an order unless one with the same idempotency key is already here; either way the
    /// answer names the stored order, so a retried send gets the same success. `whenNew` runs
    /// inside the same transaction for a new order — the order's e-mail is queued there, so an
    /// order is never stored without its mail, nor mailed without being stored.
    public func receive(
        _ submission: OrderSubmission, from agent: String, company: String,
        whenNew: (Database, ReceivedOrder) throws -> Void = { _, _ in }
    ) throws -> ReceivedOrder {
        try database.write { db in
            try requireCompany(company, db)
            let key = submission.order.idempotencyKey.uuidString
            if let row = try Row.fetchOne(db, sql: "SELECT id, agent, submission, receivedAt FROM order_company_order WHERE company = ? AND idempotencyKey = ?", arguments: [company, key]) {
                return ReceivedOrder(number: row["id"], agent: row["agent"], submission: try Self.submission(row), receivedAt: row["receivedAt"], isNew: false)
            }
            let at = now()
            let json = String(decoding: try JSONEncoder().encode(submission), as: UTF8.self)
            try db.execute(
                sql: "INSERT INTO order_company_order (company, agent, idempotencyKey, submission, receivedAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [company, agent, key, json, at]
            )
            let received = ReceivedOrder(number: db.lastInsertedRowID, agent: agent, submission: submission, receivedAt: at, isNew: true)
            try whenNew(db, received)
            return received
        }
    }

    /// Every order the company received, newest first.
    public func receivedOrders(company: String) throws -> [ReceivedOrder] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, agent, submission, receivedAt FROM order_company_order WHERE company = ? ORDER BY id DESC", arguments: [company]).map { row in
                ReceivedOrder(number: row["id"], agent: row["agent"], submission: try Self.submission(row), receivedAt: row["receivedAt"], isNew: false)
            }
        }
    }

    /// The company's name, for the documents it sends.
    public func company(code: String) throws -> Company? {
        try database.read { db in
            try Row.fetchOne(db, sql: "SELECT code, name FROM order_company WHERE code = ?", arguments: [code]).map { Company(code: $0["code"], name: $0["name"]) }
        }
    }

    private static func submission(_ row: Row) throws -> OrderSubmission {
        try JSONDecoder().decode(OrderSubmission.self, from: Data((row["submission"] as String).utf8))
    }
}

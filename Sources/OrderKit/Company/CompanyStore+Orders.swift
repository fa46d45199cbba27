import Foundation
import GRDB

/// An order as the company received it.
public struct ReceivedOrder: Sendable, Hashable {
    /// The company's number for it.
    public var number: Int64
    public var agent: String
    public var order: Order
    public var receivedAt: Date
    /// false when this send repeated one already received (same idempotency key).
    public var isNew: Bool
}

extension CompanyStore {
    /// Stores an order unless one with the same idempotency key is already here; either way the
    /// answer names the stored order, so a retried send gets the same success.
    public func receive(_ order: Order, from agent: String, company: String) throws -> ReceivedOrder {
        try database.write { db in
            try requireCompany(company, db)
            let key = order.idempotencyKey.uuidString
            if let row = try Row.fetchOne(db, sql: "SELECT id, agent, \"order\", receivedAt FROM order_company_order WHERE company = ? AND idempotencyKey = ?", arguments: [company, key]) {
                let stored = try JSONDecoder().decode(Order.self, from: Data((row["order"] as String).utf8))
                return ReceivedOrder(number: row["id"], agent: row["agent"], order: stored, receivedAt: row["receivedAt"], isNew: false)
            }
            let at = now()
            let json = String(decoding: try JSONEncoder().encode(order), as: UTF8.self)
            try db.execute(
                sql: "INSERT INTO order_company_order (company, agent, idempotencyKey, \"order\", receivedAt) VALUES (?, ?, ?, ?, ?)",
                arguments: [company, agent, key, json, at]
            )
            return ReceivedOrder(number: db.lastInsertedRowID, agent: agent, order: order, receivedAt: at, isNew: true)
        }
    }

    /// Every order the company received, newest first.
    public func receivedOrders(company: String) throws -> [ReceivedOrder] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT id, agent, \"order\", receivedAt FROM order_company_order WHERE company = ? ORDER BY id DESC", arguments: [company]).map { row in
                ReceivedOrder(
                    number: row["id"], agent: row["agent"], order: try JSONDecoder().decode(Order.self, from: Data((row["order"] as String).utf8)),
                    receivedAt: row["receivedAt"], isNew: false
                )
            }
        }
    }
}

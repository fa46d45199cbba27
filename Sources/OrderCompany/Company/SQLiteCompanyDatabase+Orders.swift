import OrderKit
import Foundation
import GRDB
import Mail
import MailOutbox

extension SQLiteCompanyDatabase {
    public func receive(
        _ submission: OrderSubmission, agent: String, company: String, at receivedAt: Date,
        mail: @Sendable (ReceivedOrder) throws -> MailMessage?
    ) async throws -> ReceivedOrder {
        try await database.write { db in
            try Self.requireCompany(company, db)
            let key = submission.order.idempotencyKey.uuidString
            if let row = try Row.fetchOne(
                db, sql: "SELECT number, agent, submission, receivedAt FROM order_company_order WHERE company = ? AND idempotencyKey = ?", arguments: [company, key]
            ) {
                return try Self.receivedOrder(row)
            }
            try db.execute(
                sql: "INSERT INTO order_company_counter (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1",
                arguments: ["order:" + company])
            let number = try Int64.fetchOne(db, sql: "SELECT value FROM order_company_counter WHERE name = ?", arguments: ["order:" + company]) ?? 1
            try db.execute(
                sql: "INSERT INTO order_company_order (company, number, agent, idempotencyKey, submission, receivedAt) VALUES (?, ?, ?, ?, ?, ?)",
                arguments: [company, number, agent, key, try CompanyJSON.text(submission), receivedAt]
            )
            let received = ReceivedOrder(number: number, agent: agent, submission: submission, receivedAt: receivedAt, isNew: true)
            if let message = try mail(received) {
                try SQLiteOutboxDatabase.enqueue(message, at: receivedAt, in: db)
            }
            return received
        }
    }

    public func receivedOrders(company: String) async throws -> [ReceivedOrder] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT number, agent, submission, receivedAt FROM order_company_order WHERE company = ? ORDER BY number DESC", arguments: [company]
            ).map(Self.receivedOrder)
        }
    }

    private static func receivedOrder(_ row: Row) throws -> ReceivedOrder {
        ReceivedOrder(
            number: row["number"], agent: row["agent"], submission: try CompanyJSON.value(OrderSubmission.self, from: row["submission"]),
            receivedAt: row["receivedAt"], isNew: false
        )
    }
}

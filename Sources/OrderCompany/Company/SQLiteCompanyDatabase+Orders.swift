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
        let key = submission.order.idempotencyKey.uuidString
        let digest = try SubmissionDigest.of(submission)
        do {
            return try await database.write { db in
                try Self.requireCompany(company, db)
                // Looked up before a number is given: a resend takes none, so numbers have no gaps.
                if let stored = try Self.storedOrder(key: key, company: company, db) {
                    return try Self.repeated(stored, digest: digest, key: key)
                }
                try db.execute(
                    sql: "INSERT INTO order_company_counter (name, value) VALUES (?, 1) ON CONFLICT (name) DO UPDATE SET value = value + 1",
                    arguments: ["order:" + company])
                let number = try Int64.fetchOne(db, sql: "SELECT value FROM order_company_counter WHERE name = ?", arguments: ["order:" + company]) ?? 1
                try db.execute(
                    sql: """
                        INSERT INTO order_company_order (company, number, agent, idempotencyKey, submission, submissionDigest, receivedAt)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [company, number, agent, key, try CompanyJSON.text(submission), digest, receivedAt]
                )
                let received = ReceivedOrder(number: number, agent: agent, submission: submission, receivedAt: receivedAt, isNew: true)
                if let message = try mail(received) {
                    try SQLiteOutboxDatabase.enqueue(message, at: receivedAt, in: db)
                }
                return received
            }
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            // Another process sharing the file stored the key between our look-up and insert: the
            // whole transaction, its number included, was rolled back; answer with the stored order.
            guard let stored = try await database.read({ db in try Self.storedOrder(key: key, company: company, db) }) else { throw error }
            return try Self.repeated(stored, digest: digest, key: key)
        }
    }

    public func receivedOrders(company: String) async throws -> [ReceivedOrder] {
        try await database.read { db in
            try Row.fetchAll(
                db, sql: "SELECT number, agent, submission, receivedAt FROM order_company_order WHERE company = ? ORDER BY number DESC", arguments: [company]
            ).map(Self.receivedOrder)
        }
    }

    private static func storedOrder(key: String, company: String, _ db: Database) throws -> (order: ReceivedOrder, digest: String?)? {
        try Row.fetchOne(
            db, sql: "SELECT number, agent, submission, receivedAt, submissionDigest FROM order_company_order WHERE company = ? AND idempotencyKey = ?",
            arguments: [company, key]
        ).map { row in (try receivedOrder(row), row["submissionDigest"]) }
    }

    /// The stored order as the answer to a repeated key, unless the key came with another order.
    private static func repeated(_ stored: (order: ReceivedOrder, digest: String?), digest: String, key: String) throws -> ReceivedOrder {
        try SubmissionDigest.requireRepeat(of: stored.digest, sent: digest, key: key)
        return stored.order
    }

    private static func receivedOrder(_ row: Row) throws -> ReceivedOrder {
        ReceivedOrder(
            number: row["number"], agent: row["agent"], submission: try CompanyJSON.value(OrderSubmission.self, from: row["submission"]),
            receivedAt: row["receivedAt"], isNew: false
        )
    }
}

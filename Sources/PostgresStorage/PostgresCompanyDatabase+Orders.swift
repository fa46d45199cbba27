import Foundation
import Logging
import Mail
import OrderCompany
import OrderKit
import PostgresNIO

extension PostgresCompanyDatabase {
    public func receive(
        _ submission: OrderSubmission, agent: String, company: String, at receivedAt: Date,
        mail: @Sendable (ReceivedOrder) throws -> MailMessage?
    ) async throws -> ReceivedOrder {
        let key = submission.order.idempotencyKey.uuidString
        let digest = try SubmissionDigest.of(submission)
        let json = try CompanyJSON.text(submission)
        do {
            return try await client.transaction(logger: logger) { connection in
                try await Self.requireCompany(company, connection, logger)
                // The company's counter row is locked first, to the end of the transaction: two
                // servers receiving orders for one company take turns. Only then is the key looked
                // up, and READ COMMITTED shows this statement every order committed before the lock
                // was granted: a resend finds its order and takes no number, so numbers have no gaps.
                try await connection.query(
                    "INSERT INTO order_company_counter (name, value) VALUES (\("order:" + company), 0) ON CONFLICT (name) DO NOTHING", logger: logger
                )
                let counter = try await connection.query(
                    "SELECT value FROM order_company_counter WHERE name = \("order:" + company) FOR UPDATE", logger: logger
                ).collect()
                if let stored = try await Self.storedOrder(key: key, company: company, connection, logger) {
                    try SubmissionDigest.requireRepeat(of: stored.digest, sent: digest, key: key)
                    return stored.order
                }
                let number = (try counter.first?.decode(Int64.self) ?? 0) + 1
                try await connection.query(
                    """
                    INSERT INTO order_company_order (company, number, agent, idempotency_key, submission, submission_digest, received_at)
                    VALUES (\(company), \(number), \(agent), \(key), \(json), \(digest), \(receivedAt))
                    """,
                    logger: logger
                )
                try await connection.query("UPDATE order_company_counter SET value = \(number) WHERE name = \("order:" + company)", logger: logger)
                let received = ReceivedOrder(number: number, agent: agent, submission: submission, receivedAt: receivedAt, isNew: true)
                if let message = try mail(received) {
                    try await PostgresOutboxDatabase.enqueue(message, at: receivedAt, connection, logger)
                }
                return received
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            // A unique violation the lock should make impossible (a row written outside it): the
            // transaction, its number included, was rolled back; answer with the stored order.
            let stored = try await client.withConnection { connection in
                try await Self.storedOrder(key: key, company: company, connection, logger)
            }
            guard let stored else { throw error }
            try SubmissionDigest.requireRepeat(of: stored.digest, sent: digest, key: key)
            return stored.order
        }
    }

    public func receivedOrders(company: String) async throws -> [ReceivedOrder] {
        try await client.query(
            "SELECT number, agent, submission, received_at FROM order_company_order WHERE company = \(company) ORDER BY number DESC", logger: logger
        ).collect().map(Self.receivedOrder)
    }

    private static func storedOrder(
        key: String, company: String, _ connection: PostgresConnection, _ logger: Logger
    ) async throws -> (order: ReceivedOrder, digest: String?)? {
        let rows = try await connection.query(
            """
            SELECT number, agent, submission, received_at, submission_digest FROM order_company_order
            WHERE company = \(company) AND idempotency_key = \(key)
            """,
            logger: logger
        ).collect()
        guard let row = rows.first else { return nil }
        let (number, agent, submission, receivedAt, digest) = try row.decode((Int64, String, String, Date, String?).self)
        return (
            ReceivedOrder(number: number, agent: agent, submission: try CompanyJSON.value(OrderSubmission.self, from: submission), receivedAt: receivedAt, isNew: false),
            digest
        )
    }

    private static func receivedOrder(_ row: PostgresRow) throws -> ReceivedOrder {
        let (number, agent, submission, receivedAt) = try row.decode((Int64, String, String, Date).self)
        return ReceivedOrder(
            number: number, agent: agent, submission: try CompanyJSON.value(OrderSubmission.self, from: submission), receivedAt: receivedAt, isNew: false
        )
    }
}

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
        let json = try CompanyJSON.text(submission)
        return try await client.transaction(logger: logger) { connection in
            try await Self.requireCompany(company, connection, logger)
            // The company's counter row is locked to the end of the transaction: two servers
            // receiving orders for one company number them one after the other. Then ON
            // CONFLICT waits for a concurrent send of the same key to commit and does nothing:
            // two servers receiving one retried order store it once (its number is skipped).
            let counter = try await connection.query(
                """
                INSERT INTO order_company_counter (name, value) VALUES (\("order:" + company), 1)
                ON CONFLICT (name) DO UPDATE SET value = order_company_counter.value + 1 RETURNING value
                """,
                logger: logger
            ).collect()
            let number = try counter.first?.decode(Int64.self) ?? 1
            let inserted = try await connection.query(
                """
                INSERT INTO order_company_order (company, number, agent, idempotency_key, submission, received_at)
                VALUES (\(company), \(number), \(agent), \(key), \(json), \(receivedAt))
                ON CONFLICT (company, idempotency_key) DO NOTHING RETURNING number
                """,
                logger: logger
            ).collect()
            guard inserted.first != nil else {
                let existing = try await connection.query(
                    "SELECT number, agent, submission, received_at FROM order_company_order WHERE company = \(company) AND idempotency_key = \(key)", logger: logger
                ).collect()
                guard let stored = existing.first else { throw CompanyError.unknownCompany(company) }
                return try Self.receivedOrder(stored)
            }
            let received = ReceivedOrder(number: number, agent: agent, submission: submission, receivedAt: receivedAt, isNew: true)
            if let message = try mail(received) {
                try await PostgresOutboxDatabase.enqueue(message, at: receivedAt, connection, logger)
            }
            return received
        }
    }

    public func receivedOrders(company: String) async throws -> [ReceivedOrder] {
        try await client.query(
            "SELECT number, agent, submission, received_at FROM order_company_order WHERE company = \(company) ORDER BY number DESC", logger: logger
        ).collect().map(Self.receivedOrder)
    }

    private static func receivedOrder(_ row: PostgresRow) throws -> ReceivedOrder {
        let (number, agent, submission, receivedAt) = try row.decode((Int64, String, String, Date).self)
        return ReceivedOrder(
            number: number, agent: agent, submission: try CompanyJSON.value(OrderSubmission.self, from: submission), receivedAt: receivedAt, isNew: false
        )
    }
}

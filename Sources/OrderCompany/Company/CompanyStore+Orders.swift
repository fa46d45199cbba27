import OrderKit
import Foundation
import Mail

/// An order as the company received it.
public struct ReceivedOrder: Sendable, Hashable {
    /// The company's number for it.
    public var number: Int64
    public var agent: String
    public var submission: OrderSubmission
    public var receivedAt: Date
    /// false when this send repeated one already received (same idempotency key).
    public var isNew: Bool

    public init(number: Int64, agent: String, submission: OrderSubmission, receivedAt: Date, isNew: Bool) {
        self.number = number
        self.agent = agent
        self.submission = submission
        self.receivedAt = receivedAt
        self.isNew = isNew
    }

    public var order: Order { submission.order }
}

extension CompanyStore {
    /// Stores an order unless one with the same idempotency key is already here; either way the
    /// answer names the stored order, so a retried send gets the same success. For a new order,
    /// `mail`'s message is queued in the outbox in the same transaction, so an order is never
    /// stored without its e-mail, nor mailed without being stored.
    public func receive(
        _ submission: OrderSubmission, from agent: String, company: String,
        mail: @Sendable (ReceivedOrder) throws -> MailMessage? = { _ in nil }
    ) async throws -> ReceivedOrder {
        try await database.receive(submission, agent: agent, company: company, at: now(), mail: mail)
    }

    /// Every order the company received, newest first.
    public func receivedOrders(company: String) async throws -> [ReceivedOrder] {
        try await database.receivedOrders(company: company)
    }
}

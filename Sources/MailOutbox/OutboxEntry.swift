import Foundation
import Mail

/// A message in the outbox and how its delivery is going.
public struct OutboxEntry: Sendable, Equatable, Identifiable {
    public var id: Int64
    public var message: MailMessage
    public var queuedAt: Date
    public var attempts: Int
    public var nextAttemptAt: Date
    /// Why the last attempt failed, for the back office.
    public var lastError: String?
    public var sentAt: Date?

    public init(
        id: Int64, message: MailMessage, queuedAt: Date, attempts: Int, nextAttemptAt: Date, lastError: String?, sentAt: Date?
    ) {
        self.id = id
        self.message = message
        self.queuedAt = queuedAt
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.sentAt = sentAt
    }

    public var isSent: Bool { sentAt != nil }
}

/// What one delivery round did.
public struct DeliveryReport: Sendable, Hashable {
    public var sent: [Int64] = []
    /// Messages tried and still waiting, with why.
    public var failed: [Int64: String] = [:]

    public init() {}
}

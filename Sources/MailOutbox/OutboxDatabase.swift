import Foundation
import Mail

/// Where the outbox keeps its messages: SQLite (`SQLiteOutboxDatabase`, the default) or a
/// shared server database that several `bottega serve` processes deliver from at once.
///
/// Delivery claims a message before sending it: the claim moves its next attempt to the end of a
/// lease, so no other courier takes it meanwhile, and a courier that dies mid-send only delays
/// it until the lease ends — mail is sent at least once, never lost.
public protocol OutboxDatabase: Sendable {
    /// Stores `message` in its own transaction and returns its id.
    func enqueue(_ message: MailMessage, at queuedAt: Date) async throws -> Int64
    /// The oldest message due at `now`, claimed until `leaseEnd`; nil when none is due.
    func claimNextDue(at now: Date, leaseEnd: Date) async throws -> OutboxEntry?
    /// The server took responsibility for the message.
    func markSent(id: Int64, at sentAt: Date) async throws
    /// An attempt failed: it is tried again at `nextAttemptAt`.
    func markFailed(id: Int64, attempts: Int, reason: String, nextAttemptAt: Date) async throws
    func entry(id: Int64) async throws -> OutboxEntry?
    /// Messages not yet accepted by the server, oldest first.
    func pending() async throws -> [OutboxEntry]
}

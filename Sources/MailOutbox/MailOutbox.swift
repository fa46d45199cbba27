import Foundation
import GRDB
import Mail

/// A durable outbox: a message is first committed to the database — in the same transaction as
/// whatever it reports, so an order is never stored without its e-mail nor mailed without being
/// stored — and only then handed to SMTP. A message leaves the outbox only when the server took
/// responsibility for it (RFC 5321 §4.1.1.4: the reply to the final "."), so a server that is down,
/// refuses or times out loses nothing: the message is tried again on the `RetrySchedule`.
public struct MailOutbox: Sendable {
    public let database: any OutboxDatabase
    public var schedule: RetrySchedule
    /// How long a claimed message is left to its courier before another may try it (a courier
    /// that died mid-send). Longer than any SMTP conversation's timeouts.
    public var lease: TimeInterval
    /// The clock, replaceable so tests can move through the retry schedule.
    public var now: @Sendable () -> Date

    public init(
        database: any OutboxDatabase, schedule: RetrySchedule = RetrySchedule(), lease: TimeInterval = 600,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.database = database
        self.schedule = schedule
        self.lease = lease
        self.now = now
    }

    /// The outbox in a SQLite database (its tables are created if needed).
    public init(database: any DatabaseWriter, schedule: RetrySchedule = RetrySchedule(), now: @escaping @Sendable () -> Date = Date.init) throws {
        self.init(database: try SQLiteOutboxDatabase(database: database), schedule: schedule, now: now)
    }

    /// Queues `message` in its own transaction and returns its id.
    @discardableResult
    public func enqueue(_ message: MailMessage) async throws -> Int64 {
        try await database.enqueue(message, at: now())
    }

    /// Tries every message whose time has come, oldest first, with `send` (an SMTP client's
    /// `send`, or a test's); records each outcome as soon as it is known.
    public func deliverDue(using send: @Sendable (MailMessage) async throws -> Void) async throws -> DeliveryReport {
        var report = DeliveryReport()
        let startedAt = now()
        var tried: Set<Int64> = []
        // Claiming moves a message's next attempt past `startedAt`, so each is tried once a round
        // (`tried` guards a schedule without delay, which would hand the same one back).
        while let entry = try await database.claimNextDue(at: startedAt, leaseEnd: now().addingTimeInterval(lease)), tried.insert(entry.id).inserted {
            do {
                try await send(entry.message)
                try await database.markSent(id: entry.id, at: now())
                report.sent.append(entry.id)
            } catch {
                let attempts = entry.attempts + 1
                let reason = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
                try await database.markFailed(
                    id: entry.id, attempts: attempts, reason: reason, nextAttemptAt: now().addingTimeInterval(schedule.delay(afterAttempts: attempts))
                )
                report.failed[entry.id] = reason
            }
        }
        return report
    }

    /// One message with its attachments, sent or not.
    public func entry(id: Int64) async throws -> OutboxEntry? {
        try await database.entry(id: id)
    }

    /// Messages not yet accepted by the server, oldest first (the back office's list).
    public func pending() async throws -> [OutboxEntry] {
        try await database.pending()
    }
}

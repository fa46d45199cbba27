import Foundation
import GRDB
import Mail

/// A durable outbox: a message is first committed to the database — in the same transaction as
/// whatever it reports, so an order is never stored without its e-mail nor mailed without being
/// stored — and only then handed to SMTP. A message leaves the outbox only when the server took
/// responsibility for it (RFC 5321 §4.1.1.4: the reply to the final "."), so a server that is down,
/// refuses or times out loses nothing: the message is tried again on the `RetrySchedule`.
public struct MailOutbox: Sendable {
    public let database: any DatabaseWriter
    public var schedule: RetrySchedule
    /// The clock, replaceable so tests can move through the retry schedule.
    public var now: @Sendable () -> Date

    public init(database: any DatabaseWriter, schedule: RetrySchedule = RetrySchedule(), now: @escaping @Sendable () -> Date = Date.init) throws {
        self.database = database
        self.schedule = schedule
        self.now = now
        try OutboxSchema.migrator.migrate(database)
    }

    /// Queues `message` in its own transaction and returns its id.
    @discardableResult
    public func enqueue(_ message: MailMessage) throws -> Int64 {
        try database.write { db in try enqueue(message, in: db) }
    }

    /// Queues `message` inside the caller's transaction: it is sent only if that commits.
    @discardableResult
    public func enqueue(_ message: MailMessage, in db: Database) throws -> Int64 {
        let queuedAt = now()
        try db.execute(
            sql: """
                INSERT INTO mail_outbox (sender, recipients, copies, subject, body, date, queuedAt, nextAttemptAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [message.from, try Self.json(message.to), try Self.json(message.cc), message.subject, message.body, message.date, queuedAt, queuedAt]
        )
        let id = db.lastInsertedRowID
        for (position, attachment) in message.attachments.enumerated() {
            try db.execute(
                sql: "INSERT INTO mail_outbox_attachment (messageId, position, filename, mimeType, content) VALUES (?, ?, ?, ?, ?)",
                arguments: [id, position, attachment.filename, attachment.mimeType, Data(attachment.content)]
            )
        }
        return id
    }

    /// Tries every message whose time has come, oldest first, with `send` (an SMTP client's
    /// `send`, or a test's); records each outcome in its own transaction as soon as it is known.
    public func deliverDue(using send: @Sendable (MailMessage) async throws -> Void) async throws -> DeliveryReport {
        var report = DeliveryReport()
        let due = try await database.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM mail_outbox WHERE sentAt IS NULL AND nextAttemptAt <= ? ORDER BY nextAttemptAt, id", arguments: [now()])
        }
        for id in due {
            guard let entry = try entry(id: id), !entry.isSent else { continue }
            do {
                try await send(entry.message)
                try await database.write { db in
                    try db.execute(sql: "UPDATE mail_outbox SET sentAt = ?, attempts = attempts + 1, lastError = NULL WHERE id = ?", arguments: [now(), id])
                }
                report.sent.append(id)
            } catch {
                let attempts = entry.attempts + 1
                let reason = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
                try await database.write { db in
                    try db.execute(
                        sql: "UPDATE mail_outbox SET attempts = ?, lastError = ?, nextAttemptAt = ? WHERE id = ?",
                        arguments: [attempts, reason, now().addingTimeInterval(schedule.delay(afterAttempts: attempts)), id]
                    )
                }
                report.failed[id] = reason
            }
        }
        return report
    }

    /// One message with its attachments, sent or not.
    public func entry(id: Int64) throws -> OutboxEntry? {
        try database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM mail_outbox WHERE id = ?", arguments: [id]) else { return nil }
            let attachments = try Row.fetchAll(db, sql: "SELECT * FROM mail_outbox_attachment WHERE messageId = ? ORDER BY position", arguments: [id]).map { attachment in
                MailMessage.Attachment(filename: attachment["filename"], mimeType: attachment["mimeType"], content: [UInt8](attachment["content"] as Data))
            }
            let message = MailMessage(
                from: row["sender"], to: try Self.strings(row["recipients"]), cc: try Self.strings(row["copies"]), subject: row["subject"],
                body: row["body"], attachments: attachments, date: row["date"]
            )
            return OutboxEntry(
                id: id, message: message, queuedAt: row["queuedAt"], attempts: row["attempts"], nextAttemptAt: row["nextAttemptAt"],
                lastError: row["lastError"], sentAt: row["sentAt"]
            )
        }
    }

    /// Messages not yet accepted by the server, oldest first (the back office's list).
    public func pending() throws -> [OutboxEntry] {
        let ids = try database.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM mail_outbox WHERE sentAt IS NULL ORDER BY id") }
        return try ids.compactMap(entry(id:))
    }

    private static func json(_ addresses: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(addresses), as: UTF8.self)
    }

    private static func strings(_ text: String) throws -> [String] {
        try JSONDecoder().decode([String].self, from: Data(text.utf8))
    }
}

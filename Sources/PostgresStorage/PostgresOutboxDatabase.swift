import Foundation
import Logging
import Mail
import MailOutbox
import PostgresNIO

/// The outbox in PostgreSQL. Several servers' couriers deliver from it at once: a claim takes
/// the oldest due message that no other transaction holds (`FOR UPDATE SKIP LOCKED`), so each
/// message goes to one courier.
public struct PostgresOutboxDatabase: OutboxDatabase {
    let client: PostgresClient
    let logger: Logger

    init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    public func enqueue(_ message: MailMessage, at queuedAt: Date) async throws -> Int64 {
        try await client.transaction(logger: logger) { connection in try await Self.enqueue(message, at: queuedAt, connection, logger) }
    }

    /// Queues `message` inside the caller's transaction: it is sent only if that commits.
    @discardableResult
    static func enqueue(_ message: MailMessage, at queuedAt: Date, _ connection: PostgresConnection, _ logger: Logger) async throws -> Int64 {
        let recipients = try OutboxCoding.json(message.to)
        let copies = try OutboxCoding.json(message.cc)
        let rows = try await connection.query(
            """
            INSERT INTO mail_outbox (sender, recipients, copies, subject, body, date, queued_at, next_attempt_at)
            VALUES (\(message.from), \(recipients), \(copies), \(message.subject), \(message.body), \(message.date), \(queuedAt), \(queuedAt))
            RETURNING id
            """,
            logger: logger
        ).collect()
        guard let id = try rows.first?.decode(Int64.self) else { throw OutboxStorageError.noIDReturned }
        for (position, attachment) in message.attachments.enumerated() {
            try await connection.query(
                """
                INSERT INTO mail_outbox_attachment (message_id, position, filename, mime_type, content)
                VALUES (\(id), \(position), \(attachment.filename), \(attachment.mimeType), \(Data(attachment.content)))
                """,
                logger: logger
            )
        }
        return id
    }

    public func claimNextDue(at now: Date, leaseEnd: Date) async throws -> OutboxEntry? {
        let claimed = try await client.query(
            """
            UPDATE mail_outbox SET next_attempt_at = \(leaseEnd) WHERE id = (
                SELECT id FROM mail_outbox WHERE sent_at IS NULL AND next_attempt_at <= \(now)
                ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
            RETURNING id
            """,
            logger: logger
        ).collect()
        guard let id = try claimed.first?.decode(Int64.self) else { return nil }
        return try await entry(id: id)
    }

    public func markSent(id: Int64, at sentAt: Date) async throws {
        try await client.query(
            "UPDATE mail_outbox SET sent_at = \(sentAt), attempts = attempts + 1, last_error = NULL WHERE id = \(id)", logger: logger
        )
    }

    public func markFailed(id: Int64, attempts: Int, reason: String, nextAttemptAt: Date) async throws {
        try await client.query(
            "UPDATE mail_outbox SET attempts = \(attempts), last_error = \(reason), next_attempt_at = \(nextAttemptAt) WHERE id = \(id)", logger: logger
        )
    }

    public func entry(id: Int64) async throws -> OutboxEntry? {
        guard let row = try await client.query(
            """
            SELECT sender, recipients, copies, subject, body, date, queued_at, attempts, next_attempt_at, last_error, sent_at
            FROM mail_outbox WHERE id = \(id)
            """,
            logger: logger
        ).collect().first else { return nil }
        let attachments = try await client.query(
            "SELECT filename, mime_type, content FROM mail_outbox_attachment WHERE message_id = \(id) ORDER BY position", logger: logger
        ).collect().map { row in
            let (filename, mimeType, content) = try row.decode((String, String, Data).self)
            return MailMessage.Attachment(filename: filename, mimeType: mimeType, content: [UInt8](content))
        }
        let (sender, recipients, copies, subject, body, date, queuedAt, attempts, nextAttemptAt, lastError, sentAt) =
            try row.decode((String?, String, String, String, String, Date, Date, Int32, Date, String?, Date?).self)
        let message = MailMessage(
            from: sender, to: try OutboxCoding.strings(recipients), cc: try OutboxCoding.strings(copies), subject: subject, body: body,
            attachments: attachments, date: date
        )
        return OutboxEntry(
            id: id, message: message, queuedAt: queuedAt, attempts: Int(attempts), nextAttemptAt: nextAttemptAt, lastError: lastError, sentAt: sentAt
        )
    }

    public func pending() async throws -> [OutboxEntry] {
        var entries: [OutboxEntry] = []
        for row in try await client.query("SELECT id FROM mail_outbox WHERE sent_at IS NULL ORDER BY id", logger: logger).collect() {
            if let entry = try await entry(id: try row.decode(Int64.self)) { entries.append(entry) }
        }
        return entries
    }
}

enum OutboxStorageError: Error, LocalizedError {
    case noIDReturned

    var errorDescription: String? { "PostgreSQL returned no id for the queued message" }
}

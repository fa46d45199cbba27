import Foundation
import GRDB
import Mail

/// The outbox in SQLite, beside the data whose changes it reports (`enqueue(_:at:in:)` joins the
/// caller's transaction).
public struct SQLiteOutboxDatabase: OutboxDatabase {
    public let database: any DatabaseWriter

    public init(database: any DatabaseWriter) throws {
        self.database = database
        try OutboxSchema.migrator.migrate(database)
    }

    public func enqueue(_ message: MailMessage, at queuedAt: Date) async throws -> Int64 {
        try await database.write { db in try Self.enqueue(message, at: queuedAt, in: db) }
    }

    /// Queues `message` inside the caller's transaction: it is sent only if that commits.
    @discardableResult
    public static func enqueue(_ message: MailMessage, at queuedAt: Date, in db: Database) throws -> Int64 {
        try db.execute(
            sql: """
                INSERT INTO mail_outbox (sender, recipients, copies, subject, body, date, queuedAt, nextAttemptAt)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                message.from, try OutboxCoding.json(message.to), try OutboxCoding.json(message.cc), message.subject, message.body,
                message.date, queuedAt, queuedAt,
            ]
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

    public func claimNextDue(at now: Date, leaseEnd: Date) async throws -> OutboxEntry? {
        // One write transaction: SQLite serialises writers, so two couriers never claim the same row.
        try await database.write { db in
            guard let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM mail_outbox WHERE sentAt IS NULL AND nextAttemptAt <= ? ORDER BY nextAttemptAt, id LIMIT 1", arguments: [now]
            ) else { return nil }
            try db.execute(sql: "UPDATE mail_outbox SET nextAttemptAt = ? WHERE id = ?", arguments: [leaseEnd, id])
            return try Self.entry(id: id, in: db)
        }
    }

    public func markSent(id: Int64, at sentAt: Date) async throws {
        try await database.write { db in
            try db.execute(sql: "UPDATE mail_outbox SET sentAt = ?, attempts = attempts + 1, lastError = NULL WHERE id = ?", arguments: [sentAt, id])
        }
    }

    public func markFailed(id: Int64, attempts: Int, reason: String, nextAttemptAt: Date) async throws {
        try await database.write { db in
            try db.execute(
                sql: "UPDATE mail_outbox SET attempts = ?, lastError = ?, nextAttemptAt = ? WHERE id = ?",
                arguments: [attempts, reason, nextAttemptAt, id]
            )
        }
    }

    public func entry(id: Int64) async throws -> OutboxEntry? {
        try await database.read { db in try Self.entry(id: id, in: db) }
    }

    public func pending() async throws -> [OutboxEntry] {
        try await database.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM mail_outbox WHERE sentAt IS NULL ORDER BY id").compactMap { try Self.entry(id: $0, in: db) }
        }
    }

    private static func entry(id: Int64, in db: Database) throws -> OutboxEntry? {
        guard let row = try Row.fetchOne(db, sql: "SELECT * FROM mail_outbox WHERE id = ?", arguments: [id]) else { return nil }
        let attachments = try Row.fetchAll(db, sql: "SELECT * FROM mail_outbox_attachment WHERE messageId = ? ORDER BY position", arguments: [id]).map { attachment in
            MailMessage.Attachment(filename: attachment["filename"], mimeType: attachment["mimeType"], content: [UInt8](attachment["content"] as Data))
        }
        let message = MailMessage(
            from: row["sender"], to: try OutboxCoding.strings(row["recipients"]), cc: try OutboxCoding.strings(row["copies"]),
            subject: row["subject"], body: row["body"], attachments: attachments, date: row["date"]
        )
        return OutboxEntry(
            id: id, message: message, queuedAt: row["queuedAt"], attempts: row["attempts"], nextAttemptAt: row["nextAttemptAt"],
            lastError: row["lastError"], sentAt: row["sentAt"]
        )
    }
}

/// Address lists are stored as JSON arrays, in every database.
public enum OutboxCoding {
    public static func json(_ addresses: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(addresses), as: UTF8.self)
    }

    public static func strings(_ text: String) throws -> [String] {
        try JSONDecoder().decode([String].self, from: Data(text.utf8))
    }
}

import GRDB

/// The outbox's tables, prefixed `mail_`: a message waits in `mail_outbox` (its attachments in
/// `mail_outbox_attachment`) until the SMTP server has taken responsibility for it.
public enum OutboxSchema {
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("mail-v1-outbox") { db in
            try db.create(table: "mail_outbox") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("sender", .text)
                table.column("recipients", .jsonText).notNull()
                table.column("copies", .jsonText).notNull()
                table.column("subject", .text).notNull()
                table.column("body", .text).notNull()
                table.column("date", .datetime).notNull()
                table.column("queuedAt", .datetime).notNull()
                table.column("attempts", .integer).notNull().defaults(to: 0)
                table.column("nextAttemptAt", .datetime).notNull().indexed()
                table.column("lastError", .text)
                // NULL while waiting; set once the server accepted the message.
                table.column("sentAt", .datetime).indexed()
            }
            try db.create(table: "mail_outbox_attachment") { table in
                table.autoIncrementedPrimaryKey("id")
                table.belongsTo("message", inTable: "mail_outbox", onDelete: .cascade).notNull()
                table.column("position", .integer).notNull()
                table.column("filename", .text).notNull()
                table.column("mimeType", .text).notNull()
                table.column("content", .blob).notNull()
            }
        }
        return migrator
    }
}

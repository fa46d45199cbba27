import GRDB

/// The wallet's tables, all prefixed `barcode_`, created by named, append-only migrations.
/// Other Kits run their own migrators on the same database file; GRDB keeps them apart by name.
///
/// A code belongs to many users the relational way the Padova thesis wished it had done: one
/// `barcode_code` row per distinct (format, text), and a `barcode_user_code` link per user who
/// saved it, carrying that user's description and date.
public enum BarcodeWalletSchema {
    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("barcode-v1-wallet") { db in
            try db.create(table: "barcode_user") { table in
                table.autoIncrementedPrimaryKey("id")
                // ASCII only (NewProfile.checkNickname), so NOCASE's ASCII folding is the whole rule.
                table.column("nickname", .text).notNull().unique().collate(.nocase)
                // PasswordHasher's self-describing string; NULL for the default user, who has none.
                table.column("password_hash", .text)
                table.column("first_name", .text).notNull()
                table.column("last_name", .text).notNull()
                table.column("address", .text).notNull()
                table.column("email", .text).notNull()
                table.column("created_at", .datetime).notNull()
            }
            // The default user: fixed id 1, no password, never deleted (the trigger below makes
            // that hold even for SQL that bypasses WalletStore).
            try db.execute(
                sql: """
                    INSERT INTO barcode_user (id, nickname, password_hash, first_name, last_name, address, email, created_at)
                    VALUES (1, 'everyone', NULL, '', '', '', '', '1970-01-01 00:00:00.000')
                    """)
            try db.execute(
                sql: """
                    CREATE TRIGGER barcode_user_keep_default BEFORE DELETE ON barcode_user
                    WHEN OLD.id = 1 BEGIN SELECT RAISE(ABORT, 'the default wallet user cannot be deleted'); END
                    """)
            try db.create(table: "barcode_session") { table in
                // SessionToken.digest of the cookie's token: the token itself is never stored.
                table.primaryKey("token_digest", .text)
                table.column("user_id", .integer).notNull().indexed()
                    .references("barcode_user", onDelete: .cascade)
                table.column("created_at", .datetime).notNull()
                table.column("expires_at", .datetime).notNull().indexed()
            }
            try db.create(table: "barcode_code") { table in
                table.autoIncrementedPrimaryKey("id")
                // BarcodeFormat's raw value (EAN_13, QR_CODE, ...).
                table.column("format", .text).notNull()
                table.column("text", .text).notNull()
                table.uniqueKey(["format", "text"])
            }
            try db.create(table: "barcode_user_code") { table in
                table.column("user_id", .integer).notNull()
                    .references("barcode_user", onDelete: .cascade)
                // No cascade: a code is deleted only once nothing links to it (WalletStore does that
                // in the same transaction), never out from under a user who saved it.
                table.column("code_id", .integer).notNull().indexed()
                    .references("barcode_code")
                table.column("description", .text)
                table.column("saved_at", .datetime).notNull()
                table.primaryKey(["user_id", "code_id"])
            }
        }
        // The payment SMS's recipient (issue 39): a profile's own number, and the wallet
        // operator's, for profiles without one. '' is "none".
        migrator.registerMigration("barcode-v2-payment-number") { db in
            try db.alter(table: "barcode_user") { table in
                table.add(column: "payment_number", .text).notNull().defaults(to: "")
            }
            try db.create(table: "barcode_setting") { table in
                table.primaryKey("name", .text)
                table.column("value", .text).notNull()
            }
        }
        return migrator
    }
}

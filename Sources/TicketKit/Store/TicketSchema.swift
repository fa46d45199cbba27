import Credentials
import Crypto
import Foundation
import GRDB

/// TicketKit's tables, all prefixed `ticket_`, created by named, append-only migrations. Other
/// Kits run their own migrators on the same database file; GRDB keeps them apart by name.
public enum TicketSchema {
    /// Names earlier versions recorded, renamed before migrating (``SQLiteFile``'s one style).
    public static let formerMigrationNames = ["ticket-v1-sales": "ticket-v2-sales"]

    /// The name of the signing key in the ``KeyFile``.
    public static let signingKeyName = "ticket-signing"

    /// The migrations; `keys` receives the signing key earlier versions kept in the database.
    public static func migrator(keys: KeyFile) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("ticket-v1-catalogue") { db in
            try db.create(table: "ticket_province") { table in
                table.primaryKey("code", .text)
                table.column("name", .text).notNull()
                table.column("region", .text).notNull()
                table.column("capital", .text).notNull()
                table.column("latitude", .double).notNull()
                table.column("longitude", .double).notNull()
            }
            try db.create(table: "ticket_operator") { table in
                table.primaryKey("code", .text)
                table.column("name", .text).notNull()
                // The offered services in catalogue order, comma-separated: "single,multiple".
                table.column("services", .text).notNull()
                table.column("smsNumber", .text)
                table.column("messageTemplate", .text).notNull()
                table.column("timeZone", .text).notNull()
                table.column("website", .text)
                table.column("isSample", .boolean).notNull()
                table.column("source", .text).notNull()
            }
            // Which provinces an operator serves, in its own order: many to many.
            try db.create(table: "ticket_operator_province") { table in
                table.column("operatorCode", .text).notNull().references("ticket_operator", onDelete: .cascade)
                table.column("provinceCode", .text).notNull().references("ticket_province").indexed()
                table.column("position", .integer).notNull()
                table.primaryKey(["operatorCode", "provinceCode"])
            }
            try db.create(table: "ticket_product") { table in
                table.primaryKey("code", .text)
                table.column("operatorCode", .text).notNull().references("ticket_operator", onDelete: .cascade).indexed()
                table.column("name", .text).notNull()
                // "ride" (with validityMinutes) or "subscription" (with subscriptionType, period).
                table.column("kind", .text).notNull()
                table.column("validityMinutes", .integer)
                table.column("subscriptionType", .text)
                table.column("period", .text)
                table.column("rides", .integer).notNull().defaults(to: 1)
                // A decimal in text, "2.20": never a float.
                table.column("price", .text).notNull()
                table.column("smsKeyword", .text).notNull()
                table.column("isSample", .boolean).notNull()
                table.column("source", .text).notNull()
            }
            // One row once the seed catalogue was loaded: later starts never load it again,
            // even if an operator deleted every record.
            try db.create(table: "ticket_seed") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("loadedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("ticket-v2-sales") { db in
            try db.create(table: "ticket_signing_key") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                // Curve25519 signing key, raw 32 bytes.
                table.column("privateKey", .blob).notNull()
                table.column("created", .datetime).notNull()
            }
            // Purchases copy the operator's and products' names and prices: the record stays
            // true after the catalogue is edited or an operator deleted.
            try db.create(table: "ticket_purchase") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("owner", .text).notNull().indexed()
                table.column("operatorCode", .text).notNull()
                table.column("operatorName", .text).notNull()
                table.column("service", .text).notNull()
                table.column("total", .text).notNull()
                table.column("start", .datetime)
                // The SMS composed when it was bought, so the purchase page can show them again.
                table.column("paymentMessages", .jsonText).notNull()
                table.column("smsUnavailableReason", .text)
                table.column("created", .datetime).notNull()
            }
            try db.create(table: "ticket_purchase_line") { table in
                table.column("purchaseId", .integer).notNull().references("ticket_purchase", onDelete: .cascade)
                table.column("position", .integer).notNull()
                table.column("productCode", .text).notNull()
                table.column("productName", .text).notNull()
                table.column("quantity", .integer).notNull()
                table.column("unitPrice", .text).notNull()
                table.column("lineTotal", .text).notNull()
                table.primaryKey(["purchaseId", "position"])
            }
            try db.create(table: "ticket_issued") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("purchaseId", .integer).notNull().references("ticket_purchase", onDelete: .cascade).indexed()
                table.column("owner", .text).notNull().indexed()
                table.column("operatorCode", .text).notNull()
                table.column("productCode", .text).notNull()
                table.column("productName", .text).notNull()
                // A ride's minutes, kept so a carnet ride can be activated after its product
                // was edited or deleted; NULL for a pass.
                table.column("validityMinutes", .integer)
                // NULL until signed. A UInt64 stored by its bit pattern (SQLite integers are
                // signed); UNIQUE either way.
                table.column("serial", .integer).unique()
                table.column("payload", .text)
                table.column("validFrom", .datetime)
                table.column("validUntil", .datetime)
                table.column("created", .datetime).notNull()
            }
        }
        // The signing key leaves the database for the key file (a stolen database alone can no
        // longer sign tickets); the database keeps the public key, so that a start with another
        // key file is refused instead of signing tickets the earlier ones' checks would reject.
        migrator.registerMigration("ticket-v3-key-in-file") { db in
            try db.create(table: "ticket_public_key") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                // Curve25519 verifying key, raw 32 bytes.
                table.column("publicKey", .blob).notNull()
                table.column("created", .datetime).notNull()
            }
            if let row = try Row.fetchOne(db, sql: "SELECT privateKey, created FROM ticket_signing_key WHERE id = 1") {
                let raw: Data = row["privateKey"]
                guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else { throw TicketStoreError.damagedSigningKey }
                try keys.adopt(raw, as: signingKeyName)
                try db.execute(
                    sql: "INSERT INTO ticket_public_key (id, publicKey, created) VALUES (1, ?, ?)",
                    arguments: [key.publicKey.rawRepresentation, row["created"] as Date])
            }
            try db.drop(table: "ticket_signing_key")
        }
        // Issue 24: a purchase is paid before anything of it is valid. Purchases recorded before
        // were sold under the old rule (signed at once) and stay as they were: paid when made.
        migrator.registerMigration("ticket-v4-payments") { db in
            try db.alter(table: "ticket_purchase") { table in
                table.add(column: "state", .text).notNull().defaults(to: PurchaseState.paid.rawValue)
                table.add(column: "paymentRoute", .text).notNull().defaults(to: PaymentRoute.bottega.rawValue)
                table.add(column: "paidAt", .datetime)
                table.add(column: "paymentReference", .text)
                table.add(column: "cancelledAt", .datetime)
                table.add(column: "holder", .text)
                table.add(column: "cardNumber", .text)
            }
            try db.execute(sql: "UPDATE ticket_purchase SET paidAt = created")
            try db.alter(table: "ticket_issued") { table in
                // An SMS operator's ticket: the request composed for it, when the rider sent it
                // (a ride's activation), and the operator's reply, which is the ticket.
                table.add(column: "sms", .jsonText)
                table.add(column: "smsSentAt", .datetime)
                table.add(column: "replySMS", .text)
                table.add(column: "replyCode", .text)
            }
            // Each signed payment confirmation once: a replay finds its row.
            try db.create(table: "ticket_payment_confirmation") { table in
                table.column("purchaseId", .integer).notNull().references("ticket_purchase", onDelete: .cascade)
                table.column("timestamp", .integer).notNull()
                table.column("reference", .text).notNull()
                table.column("receivedAt", .datetime).notNull()
                table.primaryKey(["purchaseId", "timestamp"])
            }
        }
        // Issue 24: every fare says when it was true. The seed's products get their date from
        // the seed; a product an operator added by hand is dated when this migration ran.
        migrator.registerMigration("ticket-v5-fare-dates") { db in
            try db.alter(table: "ticket_product") { table in table.add(column: "asOf", .text).notNull().defaults(to: "") }
            if let seed = try? TicketCatalogue.seed() {
                for product in seed.products {
                    try db.execute(sql: "UPDATE ticket_product SET asOf = ? WHERE code = ? AND price = ?", arguments: [product.asOf, product.code, product.price.plainText])
                }
            }
            try db.execute(sql: "UPDATE ticket_product SET asOf = ? WHERE asOf = ''", arguments: [CalendarDay.text(Date(), in: TimeZone(identifier: "Europe/Rome") ?? .gmt)])
        }
        // Issue 24: an operator's SMS number and syntax say when they were true, as fares do.
        migrator.registerMigration("ticket-v6-operator-dates") { db in
            try db.alter(table: "ticket_operator") { table in table.add(column: "asOf", .text).notNull().defaults(to: "") }
            if let seed = try? TicketCatalogue.seed() {
                for op in seed.operators {
                    try db.execute(sql: "UPDATE ticket_operator SET asOf = ? WHERE code = ? AND source = ?", arguments: [op.asOf, op.code, op.source])
                }
            }
            try db.execute(sql: "UPDATE ticket_operator SET asOf = ? WHERE asOf = ''", arguments: [CalendarDay.text(Date(), in: TimeZone(identifier: "Europe/Rome") ?? .gmt)])
        }
        // Issue 24: operators of the ten largest cities the first seed lacked (Napoli, Bologna,
        // Bari, Catania). A catalogue loaded from an earlier seed gets them, unless it already has
        // those codes; a database not seeded yet gets them with the rest of the seed.
        migrator.registerMigration("ticket-v7-largest-cities") { db in
            guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ticket_seed") ?? 0 > 0, let seed = try? TicketCatalogue.seed() else { return }
            let added = ["ANM-NA", "TPER-BO", "AMTAB-BA", "AMTS-CT"]
            for op in seed.operators where added.contains(op.code) {
                guard try OperatorRow.fetchOne(db, key: op.code) == nil,
                      op.provinceCodes.allSatisfy({ code in (try? ProvinceRow.fetchOne(db, key: code)) != nil }) else { continue }
                var empty = op
                empty.services = []
                try TicketStore.write(empty, db)
                for product in seed.products where product.operatorCode == op.code { try ProductRow(product).insert(db) }
                try TicketStore.write(op, db)
            }
        }
        // Issue 39: the label before the ticket code in an operator's reply SMS ("PNR"), so a
        // pasted reply without it is refused. Operators loaded from the seed get the seed's.
        migrator.registerMigration("ticket-v8-reply-code-labels") { db in
            try db.create(table: "ticket_operator_reply") { table in
                table.primaryKey("operatorCode", .text).references("ticket_operator", onDelete: .cascade)
                table.column("codeLabel", .text).notNull()
            }
            for op in (try? TicketCatalogue.seed())?.operators ?? [] {
                guard let label = op.replyCodeLabel,
                      let stored = try OperatorRow.fetchOne(db, key: op.code), stored.smsNumber == op.smsNumber else { continue }
                try db.execute(sql: "INSERT INTO ticket_operator_reply (operatorCode, codeLabel) VALUES (?, ?)", arguments: [op.code, label])
            }
        }
        return migrator
    }
}

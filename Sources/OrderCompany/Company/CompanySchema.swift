import GRDB
import OrderKit

/// The company server's tables (prefix `order_company`): companies, their agents, their master
/// data with a change log, pending imports, and the orders received.
public enum CompanySchema {
    /// Names earlier versions recorded, renamed before migrating (``SQLiteFile``'s one style).
    public static let formerMigrationNames = ["order-company-v1": "order-company-v1-accounts"]

    public static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("order-company-v1-accounts") { db in
            try db.create(table: "order_company") { table in
                table.primaryKey("code", .text)
                table.column("name", .text).notNull()
            }
            try db.create(table: "order_company_agent") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("company", .text).notNull().indexed().references("order_company", onDelete: .cascade)
                table.column("username", .text).notNull()
                table.column("passwordHash", .text).notNull()
                // The thesis's subscription: an ended one answers `deleted` and the agent's app
                // removes the company's data.
                table.column("subscriptionEnded", .datetime)
                table.uniqueKey(["company", "username"])
            }
            // One row per master-data record: its current state, or a tombstone once deleted,
            // so a sync can tell an agent to delete it.
            try db.create(table: "order_company_record") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("company", .text).notNull().indexed().references("order_company", onDelete: .cascade)
                table.column("kind", .text).notNull()
                table.column("remoteID", .text).notNull()
                table.column("record", .jsonText)
                table.column("updatedAt", .datetime).notNull()
                // The change counter: the modern feed's cursor is the last one an agent has seen.
                table.column("sequence", .integer).notNull().indexed()
                table.column("deleted", .boolean).notNull().defaults(to: false)
                table.uniqueKey(["company", "kind", "remoteID"])
            }
            try db.create(table: "order_company_counter") { table in
                table.primaryKey("name", .text)
                table.column("value", .integer).notNull()
            }
            try db.create(table: "order_company_import") { table in
                table.primaryKey("code", .text)
                table.column("company", .text).notNull().indexed().references("order_company", onDelete: .cascade)
                table.column("kind", .text).notNull()
                table.column("records", .jsonText).notNull()
                table.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "order_company_order") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("company", .text).notNull().indexed().references("order_company", onDelete: .cascade)
                table.column("agent", .text).notNull()
                // The agent's key for this order: a retried send finds the order already here.
                table.column("idempotencyKey", .text).notNull()
                table.column("submission", .jsonText).notNull()
                table.column("receivedAt", .datetime).notNull()
                table.uniqueKey(["company", "idempotencyKey"])
            }
        }
        // Records keep their identity across uploads: `key` is what a sheet is matched on (never
        // its row), `remoteID` the idAzienda Bottega assigned. Tombstones keep the last state,
        // which the thesis's `del` line carries; `createdAt` tells an agent's `ins` from `upd`.
        migrator.registerMigration("order-company-v2-record-identity") { db in
            try db.alter(table: "order_company_record") { table in
                table.add(column: "key", .text)
                table.add(column: "createdAt", .datetime)
                table.add(column: "supplierSetAt", .datetime)
            }
            try db.execute(sql: "UPDATE order_company_record SET key = remoteID, createdAt = updatedAt")
            try db.execute(sql: """
                INSERT INTO order_company_counter (name, value)
                SELECT 'record', COALESCE(MAX(CAST(remoteID AS INTEGER)), 0) FROM order_company_record
                """)
            try db.create(index: "order_company_record_key", on: "order_company_record", columns: ["company", "kind", "key"], unique: true)
        }
        // Each company numbers its own orders 1, 2, 3 …: the row id was shared by every company
        // on the server. Orders already received keep their old number (their row id).
        migrator.registerMigration("order-company-v3-order-numbers") { db in
            try db.alter(table: "order_company_order") { table in table.add(column: "number", .integer) }
            try db.execute(sql: "UPDATE order_company_order SET number = id")
            try db.execute(sql: """
                INSERT INTO order_company_counter (name, value)
                SELECT 'order:' || company, MAX(id) FROM order_company_order GROUP BY company
                """)
            try db.create(index: "order_company_order_number", on: "order_company_order", columns: ["company", "number"], unique: true)
        }
        // A digest of the order as received (``SubmissionDigest``): a send under a known key with
        // a different order is refused, not answered as a duplicate. Orders received before have
        // none and keep answering as duplicates.
        migrator.registerMigration("order-company-v4-submission-digest") { db in
            try db.alter(table: "order_company_order") { table in table.add(column: "submissionDigest", .text) }
        }
        // The company's logo, printed at the top of its orders (issue 40).
        migrator.registerMigration("order-company-v5-logo") { db in
            try db.alter(table: "order_company") { table in table.add(column: "logo", .blob) }
        }
        return migrator
    }
}

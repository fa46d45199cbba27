import Credentials
import Foundation
import GRDB

/// OrderKit's agent-side tables, all prefixed `order_`, created by named, append-only migrations
/// ("order-…"). Other Kits run their own migrators on the same database file; GRDB keeps them
/// apart by name.
///
/// Master data rows carry their origin: `originCompany` and `remoteID` are both NULL for the
/// agent's own records and both set for the company's (UNIQUE per table, so one remote record is
/// one row; SQLite lets any number of local rows have NULLs there). Order lines copy the
/// product's code, description, price and discount, and lose only the link (SET NULL) when the
/// product goes, so deleting master data never rewrites an order.
public enum OrderSchema {
    /// The migrations; `passwords` seals the company passwords earlier versions kept as typed.
    public static func migrator(passwords: SecretBox) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("order-v1-agent-data") { db in
            try db.create(table: "order_agent") { table in
                // One agent per app: the row with id 1.
                table.primaryKey("id", .integer).check { $0 == 1 }
                for column in ["name", "phone", "fax", "mobile", "email", "address", "city"] {
                    table.column(column, .text).notNull()
                }
            }
            try db.create(table: "order_supplier") { table in
                table.autoIncrementedPrimaryKey("id")
                for column in ["name", "email", "contact", "phone", "mobile", "fax", "city", "address"] {
                    table.column(column, .text).notNull()
                }
                originColumns(table)
                // Folded name (`SearchKey`): sorting and the form's autocomplete.
                table.column("nameKey", .text).notNull().indexed()
                table.column("contactKey", .text).notNull()
            }
            try db.create(table: "order_customer") { table in
                table.autoIncrementedPrimaryKey("id")
                for column in ["companyName", "contact", "vatNumber", "taxCode", "iban", "phone", "mobile", "fax", "email",
                               "address", "city", "province", "postcode", "notes"] {
                    table.column(column, .text).notNull()
                }
                originColumns(table)
                table.column("nameKey", .text).notNull().indexed()
                table.column("contactKey", .text).notNull()
            }
            try db.create(table: "order_product") { table in
                table.autoIncrementedPrimaryKey("id")
                table.belongsTo("supplier", inTable: "order_supplier", onDelete: .cascade).notNull()
                table.column("code", .text).notNull()
                table.column("description", .text).notNull()
                table.column("priceCents", .integer).notNull().check { $0 >= 0 }
                table.column("minimumQuantity", .integer).notNull().check { $0 >= 1 }
                originColumns(table)
                table.column("codeKey", .text).notNull()
                table.column("descriptionKey", .text).notNull()
                table.uniqueKey(["supplierId", "code"])
            }
            try db.create(table: "order_discount") { table in
                table.autoIncrementedPrimaryKey("id")
                table.belongsTo("supplier", inTable: "order_supplier", onDelete: .cascade).notNull()
                table.belongsTo("customer", inTable: "order_customer", onDelete: .cascade).notNull()
                // NULL: the supplier's whole price list.
                table.belongsTo("product", inTable: "order_product", onDelete: .cascade)
                // "10+5+2" (`DiscountCascade.text`): exact decimals, never REAL.
                table.column("levels", .text).notNull()
                originColumns(table)
            }
            try db.create(index: "order_discount_on_customer_supplier", on: "order_discount", columns: ["customerId", "supplierId"])
            try db.create(table: "order_order") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("idempotencyKey", .text).notNull().unique()
                table.belongsTo("customer", inTable: "order_customer", onDelete: .setNull)
                table.belongsTo("supplier", inTable: "order_supplier", onDelete: .setNull)
                // The names when the order was last saved: the history still shows and sorts an
                // order whose customer or supplier was deleted since.
                table.column("customerName", .text).notNull()
                table.column("supplierName", .text).notNull()
                table.column("date", .datetime).notNull().indexed()
                for column in ["delivery", "payment", "bank", "packing", "deliveryTerms", "notes"] {
                    table.column(column, .text).notNull()
                }
                table.column("state", .text).notNull().check { ["draft", "sent", "notSent"].contains($0) }
                table.column("sentAt", .datetime)
                table.column("notSentReason", .text)
                // The last auto-save.
                table.column("savedAt", .datetime).notNull()
            }
            try db.create(table: "order_line") { table in
                table.autoIncrementedPrimaryKey("id")
                table.belongsTo("order", inTable: "order_order", onDelete: .cascade).notNull()
                // 0-based, contiguous within the order.
                table.column("position", .integer).notNull()
                table.belongsTo("product", inTable: "order_product", onDelete: .setNull)
                table.column("productCode", .text).notNull()
                table.column("description", .text).notNull()
                table.column("quantity", .integer).notNull().check { $0 >= 0 }
                table.column("unitPriceCents", .integer).notNull().check { $0 >= 0 }
                table.column("discountLevels", .text).notNull()
            }
        }
        // The modern feed's cursor per company: where the next sync starts.
        migrator.registerMigration("order-v2-sync-cursor") { db in
            try db.create(table: "order_sync_cursor") { table in
                table.primaryKey("company", .text)
                table.column("cursor", .text).notNull()
            }
        }
        // Where the agent's company server is, and the agent's account there (kept on the
        // device, as the thesis's app kept it: every sync sends it).
        migrator.registerMigration("order-v3-company-link") { db in
            try db.create(table: "order_company_link") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("serverURL", .text).notNull()
                table.column("company", .text).notNull()
                table.column("username", .text).notNull()
                table.column("password", .text).notNull()
            }
        }
        // The thesis's subscriptions (§3.1.1, "Sottoscrizione"): one per company, each with its
        // own address, account, protocol and sync state. The single company link becomes the
        // first. An order remembers the company's number for it, and whether it waits to be
        // resent automatically (a send the server never answered).
        migrator.registerMigration("order-v4-subscriptions") { db in
            try db.create(table: "order_subscription") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull()
                table.column("serverURL", .text).notNull()
                table.column("company", .text).notNull().unique()
                table.column("username", .text).notNull()
                table.column("password", .text).notNull()
                table.column("protocol", .text).notNull().defaults(to: SyncProtocol.feed.rawValue)
                // The thesis's lastSync (yyyy-MM-dd HH:mm:ss) after the last thesis sync.
                table.column("lastSync", .text)
            }
            try db.execute(sql: """
                INSERT INTO order_subscription (name, serverURL, company, username, password)
                SELECT company, serverURL, company, username, password FROM order_company_link
                """)
            // The thesis's udid: "il codice univoco che identifica il dispositivo", made once.
            try db.create(table: "order_device") { table in
                table.primaryKey("id", .integer).check { $0 == 1 }
                table.column("udid", .text).notNull()
            }
            try db.execute(sql: "INSERT INTO order_device (id, udid) VALUES (1, ?)", arguments: [UUID().uuidString])
            try db.alter(table: "order_order") { table in
                table.add(column: "companyNumber", .integer)
                table.add(column: "waitingToResend", .boolean).notNull().defaults(to: false)
            }
            // Prices to six decimals (a price list's €0,0325): millionths of a euro; the cents
            // columns stay, rounded, for whatever read them.
            try db.alter(table: "order_product") { table in table.add(column: "priceMicros", .integer).notNull().defaults(to: 0) }
            try db.execute(sql: "UPDATE order_product SET priceMicros = priceCents * 10000")
            try db.alter(table: "order_line") { table in
                table.add(column: "unitPriceMicros", .integer).notNull().defaults(to: 0)
                table.add(column: "isFreeText", .boolean).notNull().defaults(to: false)
                table.add(column: "isPriceOverridden", .boolean).notNull().defaults(to: false)
                table.add(column: "isDiscountOverridden", .boolean).notNull().defaults(to: false)
            }
            try db.execute(sql: "UPDATE order_line SET unitPriceMicros = unitPriceCents * 10000")
        }
        // Company passwords are sealed with a key from the key file, bound to their server and
        // account (``AgentStore/passwordContext``); the first link's copy, unused since v4, is blanked.
        migrator.registerMigration("order-v5-sealed-passwords") { db in
            for row in try Row.fetchAll(db, sql: "SELECT id, serverURL, company, username, password FROM order_subscription") {
                let password: String = row["password"]
                guard !SecretBox.isSealed(password) else { continue }
                let context = AgentStore.passwordContext(serverURL: row["serverURL"], company: row["company"], username: row["username"])
                try db.execute(
                    sql: "UPDATE order_subscription SET password = ? WHERE id = ?",
                    arguments: [try passwords.seal(password, for: context), row["id"] as Int64])
            }
            try db.execute(sql: "UPDATE order_company_link SET password = ''")
        }
        // A sent order is a document (issue 40): what it was sent as is frozen at its first
        // attempt, with the company it went to and, once answered, the PDF that was mailed.
        // Products and lines carry their VAT rate (22 % where nothing said otherwise).
        migrator.registerMigration("order-v6-sent-snapshots") { db in
            try db.create(table: "order_snapshot") { table in
                table.primaryKey("orderId", .integer).references("order_order", onDelete: .cascade)
                // NULL: an order for a supplier of no subscription, printed to be sent by hand.
                table.column("company", .text)
                table.column("companyName", .text).notNull()
                // The exact JSON posted, resent byte for byte.
                table.column("submission", .blob).notNull()
                table.column("frozenAt", .datetime).notNull()
                table.column("receivedAt", .datetime)
                table.column("document", .blob)
            }
            try db.alter(table: "order_line") { table in table.add(column: "vatRateHundredths", .integer).notNull().defaults(to: VATRate.standard.hundredths) }
            // The thesis's `prodotto` line names no supplier: such a product is the company's,
            // for any of its suppliers, so `supplierId` may be NULL. SQLite cannot drop a NOT NULL,
            // so the table is rebuilt (GRDB runs migrations with foreign keys deferred).
            try db.create(table: "order_product_v6") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("supplierId", .integer).references("order_supplier", onDelete: .cascade)
                table.column("code", .text).notNull()
                table.column("description", .text).notNull()
                table.column("priceCents", .integer).notNull().check { $0 >= 0 }
                table.column("minimumQuantity", .integer).notNull().check { $0 >= 1 }
                originColumns(table)
                table.column("codeKey", .text).notNull()
                table.column("descriptionKey", .text).notNull()
                table.column("priceMicros", .integer).notNull().defaults(to: 0)
                table.column("vatRateHundredths", .integer).notNull().defaults(to: VATRate.standard.hundredths)
                table.uniqueKey(["supplierId", "code"])
                // A company product with no supplier must come from a company.
                table.check(sql: "supplierId IS NOT NULL OR originCompany IS NOT NULL")
            }
            let columns = "id, supplierId, code, description, priceCents, minimumQuantity, originCompany, remoteID, codeKey, descriptionKey, priceMicros"
            try db.execute(sql: "INSERT INTO order_product_v6 (\(columns)) SELECT \(columns) FROM order_product")
            try db.drop(table: "order_product")
            try db.rename(table: "order_product_v6", to: "order_product")
            try db.create(index: "order_product_on_supplierId", on: "order_product", columns: ["supplierId"])
        }
        return migrator
    }

    /// Both NULL (the agent's record) or both set (the company's), one row per remote record.
    private static func originColumns(_ table: TableDefinition) {
        table.column("originCompany", .text)
        table.column("remoteID", .text)
        table.check(sql: "(originCompany IS NULL) = (remoteID IS NULL)")
        table.uniqueKey(["originCompany", "remoteID"])
    }
}
